import type { Role } from '@grip/domain';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { startGoogleSignIn } from '@/lib/auth-client';
import { errorMessage } from '@/lib/error-message';

function GoogleLogo() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5">
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.76h3.56c2.08-1.92 3.28-4.74 3.28-8.09Z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.56-2.76c-.98.66-2.23 1.06-3.72 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23Z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.11A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.11V7.05H2.18A11 11 0 0 0 1 12c0 1.78.43 3.45 1.18 4.95l3.66-2.84Z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1A11 11 0 0 0 2.18 7.05l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38Z"
      />
    </svg>
  );
}

interface GoogleButtonProps {
  children: string;
  /** The account type for a new account (Sign Up tab); omitted on Sign In. */
  role?: Role;
}

/** Continues with Google: asks the server for the provider URL and sends the browser there. */
export function GoogleButton({ children, role }: GoogleButtonProps) {
  const start = useMutation({
    mutationFn: () => startGoogleSignIn(role),
    onSuccess: (url) => window.location.assign(url),
    onError: (error) =>
      toast.error('Google sign in failed', { description: errorMessage(error), duration: 8000 }),
  });
  return (
    <Button
      variant="outline"
      size="lg"
      className="w-full"
      isLoading={start.isPending || start.isSuccess}
      onClick={() => start.mutate()}
    >
      {start.isPending || start.isSuccess ? null : <GoogleLogo />}
      {children}
    </Button>
  );
}

export function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
      <span className="h-px flex-1 bg-border" />
      or
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}
