import { PRODUCT_NAME, TAGLINE } from '@grip/domain';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Card, CardContent } from '@/components/ui/card';
import { Logo } from '@/components/ui/logo';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useGoogleEnabled } from '../api/get-config';
import { googleErrorMessage } from '../google-errors';
import { ForgotPasswordForm } from './forgot-password-form';
import { ResetPasswordForm } from './reset-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

type AuthTab = 'signin' | 'signup';

/**
 * /auth: Sign In and Sign Up tabs (spec 1 §2), plus the forgot-password and reset-password views.
 * The view lives in the URL: ?tab=signup, ?mode=forgot, ?mode=reset&token=… (from the emailed link).
 */
export function AuthScreen() {
  const [params, setParams] = useSearchParams();
  const googleEnabled = useGoogleEnabled();
  const mode = params.get('mode');
  const tab: AuthTab = params.get('tab') === 'signup' ? 'signup' : 'signin';
  const toastShown = useRef(false);

  // Google sends failures back as /auth?error=google&error=<code>; say so once, then tidy the URL.
  useEffect(() => {
    if (mode === 'reset' || !params.has('error') || toastShown.current) return;
    toastShown.current = true;
    toast.error('Google sign in failed', { description: googleErrorMessage(params), duration: 8000 });
    const next = new URLSearchParams(params);
    next.delete('error');
    next.delete('error_description');
    setParams(next, { replace: true });
  }, [mode, params, setParams]);

  const showSignIn = () => setParams({}, { replace: mode === 'reset' });

  let body;
  if (mode === 'reset') {
    const token = params.get('error') ? null : params.get('token');
    body = (
      <ResetPasswordForm
        token={token}
        onDone={() => setParams({}, { replace: true })}
        onRequestNewLink={() => setParams({ mode: 'forgot' }, { replace: true })}
      />
    );
  } else if (mode === 'forgot') {
    body = <ForgotPasswordForm onBack={showSignIn} />;
  } else {
    body = (
      <Tabs
        value={tab}
        onValueChange={(value) => setParams(value === 'signup' ? { tab: 'signup' } : {}, { replace: true })}
        className="grid gap-5"
      >
        <TabsList aria-label="Sign in or sign up">
          <TabsTrigger value="signin">Sign In</TabsTrigger>
          <TabsTrigger value="signup">Sign Up</TabsTrigger>
        </TabsList>
        <TabsContent value="signin">
          <SignInForm googleEnabled={googleEnabled} onForgotPassword={() => setParams({ mode: 'forgot' })} />
        </TabsContent>
        <TabsContent value="signup">
          <SignUpForm googleEnabled={googleEnabled} />
        </TabsContent>
      </Tabs>
    );
  }

  return (
    <div className="min-h-dvh bg-surface">
      <header className="mx-auto flex max-w-5xl items-center px-4 py-4">
        <Link to="/" aria-label={`${PRODUCT_NAME} home`} className="rounded-md">
          <Logo />
        </Link>
      </header>
      <main className="mx-auto grid max-w-md gap-6 px-4 pt-4 pb-12">
        <title>{`${tab === 'signup' && !mode ? 'Sign Up' : 'Sign In'} | ${PRODUCT_NAME}`}</title>
        <div className="grid gap-1 text-center">
          <h1 className="text-2xl font-bold tracking-tight">Welcome to {PRODUCT_NAME}</h1>
          <p className="text-muted-foreground">{TAGLINE}</p>
        </div>
        <Card>
          <CardContent className="pt-4 sm:pt-5">{body}</CardContent>
        </Card>
      </main>
    </div>
  );
}
