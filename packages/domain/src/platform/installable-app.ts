import { PRODUCT_NAME } from '../shared/constants';

/** The install banner's words (spec 1 §2). */
export const INSTALL_BANNER = {
  title: `Install ${PRODUCT_NAME}`,
  text: 'Add to your home screen for quick access and offline use',
  install: 'Install',
  dismiss: 'Not now',
} as const;

/** The offline alert (spec 1 §2). */
export const OFFLINE_ALERT = "You're offline. Some features may be limited.";

/**
 * 'Not now' is remembered this long. The spec hides the banner after a dismiss; asking again a season
 * later (as browsers do with their own install prompts) lets a person who said no once still find it.
 */
export const INSTALL_BANNER_SNOOZE_DAYS = 90;

export interface InstallBannerState {
  /** The browser offered to install (beforeinstallprompt) and the offer was not used yet. */
  installable: boolean;
  /** Running as an installed app (display-mode standalone), or installed in this session. */
  installed: boolean;
  /** When 'Not now' was pressed, if ever. */
  dismissedAt: Date | null;
  now: Date;
}

/** Spec 1 §4: shown when the app is installable; hidden after dismiss, install, or when already installed. */
export function isInstallBannerVisible({
  installable,
  installed,
  dismissedAt,
  now,
}: InstallBannerState): boolean {
  if (!installable || installed) return false;
  if (!dismissedAt) return true;
  return now.getTime() - dismissedAt.getTime() >= INSTALL_BANNER_SNOOZE_DAYS * 24 * 60 * 60 * 1000;
}

/** What a message written offline says while it waits, and when the server refused it later. */
export const QUEUED_MESSAGE_TEXTS = {
  waiting: "Waiting for a connection. It will be sent when you're back online.",
  queuedToast: "You're offline. Your message will be sent when you're back online.",
  refused: 'Not sent',
  retry: 'Try again',
  remove: 'Remove',
} as const;

/**
 * Whether a failed send is worth trying again by itself later: no answer at all (status 0: offline or
 * the server unreachable), a timeout, too many requests, or a server fault. Anything else is a refusal
 * (the conversation closed, the text is too long…) that trying again would not change.
 */
export function isTemporarySendFailure(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}
