/**
 * What to tell the user when Google sign-in bounces back to /auth?error=google&error=<code>.
 * The codes come from the auth library's OAuth callback; the texts are ours.
 */
const GOOGLE_ERROR_MESSAGES: Record<string, string> = {
  access_denied: 'Google sign in was cancelled.',
  signup_disabled: 'New accounts cannot be created with Google right now.',
  email_not_found: 'Your Google account did not share an email address.',
  email_not_verified: 'Your Google email address is not verified.',
  unable_to_link_account: 'This Google account could not be linked to your Grip account.',
  account_already_linked_to_different_user: 'This Google account is already linked to another Grip account.',
  email_does_not_match: 'This Google account uses a different email address.',
  account_not_linked:
    'An account with this email already exists. Sign in with your password, confirm your email address, then try Google again.',
};

export const GOOGLE_ERROR_FALLBACK = "We couldn't sign you in with Google. Please try again.";

/** The message for the 'Google sign in failed' toast, from the error query parameters. */
export function googleErrorMessage(params: URLSearchParams): string {
  // Only our own texts: error_description comes from the URL, so anyone could write it in a link.
  const code = params.getAll('error').find((value) => value && value !== 'google');
  return (code && GOOGLE_ERROR_MESSAGES[code]) || GOOGLE_ERROR_FALLBACK;
}
