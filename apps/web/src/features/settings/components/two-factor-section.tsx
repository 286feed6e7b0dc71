import { TWO_FACTOR_MESSAGES } from '@grip/domain';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Switch } from '@/components/ui/switch';

// Both dialogs load when first opened: most visits to Settings never turn two-factor on or off.
const TwoFactorSetupDialog = lazy(() =>
  import('./two-factor-setup-dialog').then((m) => ({ default: m.TwoFactorSetupDialog })),
);
const TwoFactorDisableDialog = lazy(() =>
  import('./two-factor-disable-dialog').then((m) => ({ default: m.TwoFactorDisableDialog })),
);

interface TwoFactorSectionProps {
  hasPassword: boolean;
  isEnabled: boolean;
}

/**
 * The Security card's two-factor row (the spec's "two-factor toggle", made real). The switch shows
 * what the server says; flipping it opens the dialog that turns it on or off, so it only moves once
 * that is done.
 */
export function TwoFactorSection({ hasPassword, isEnabled }: TwoFactorSectionProps) {
  const [dialog, setDialog] = useState<'setup' | 'disable' | null>(null);
  // Once opened, a dialog stays mounted, so closing it animates and hands focus back like any dialog.
  const [used, setUsed] = useState<ReadonlySet<'setup' | 'disable'>>(new Set());
  const open = (which: 'setup' | 'disable') => {
    setUsed((u) => (u.has(which) ? u : new Set(u).add(which)));
    setDialog(which);
  };
  const headingId = useId();
  const hintId = useId();
  const switchRef = useRef<HTMLButtonElement>(null);
  const returnFocus = (event: Event) => {
    event.preventDefault();
    switchRef.current?.focus();
  };
  const hint = !hasPassword
    ? TWO_FACTOR_MESSAGES.noPassword
    : isEnabled
      ? TWO_FACTOR_MESSAGES.isOn
      : TWO_FACTOR_MESSAGES.isOff;

  return (
    <section aria-labelledby={headingId} className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={headingId} className="text-sm font-semibold">
            {TWO_FACTOR_MESSAGES.title}
          </h3>
          {isEnabled ? <Badge tone="success">On</Badge> : null}
        </div>
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      </div>
      {/* Without a password there is nothing for a second factor to protect: no switch to flip. */}
      {hasPassword ? (
        <Switch
          ref={switchRef}
          isOn={isEnabled}
          onToggle={() => open(isEnabled ? 'disable' : 'setup')}
          aria-labelledby={headingId}
          aria-describedby={hintId}
          className="mt-0.5"
        />
      ) : null}
      <Suspense fallback={null}>
        {used.has('setup') ? (
          <TwoFactorSetupDialog
            open={dialog === 'setup'}
            onOpenChange={(isOpen) => setDialog(isOpen ? 'setup' : null)}
            onCloseAutoFocus={returnFocus}
          />
        ) : null}
        {used.has('disable') ? (
          <TwoFactorDisableDialog
            open={dialog === 'disable'}
            onOpenChange={(isOpen) => setDialog(isOpen ? 'disable' : null)}
            onCloseAutoFocus={returnFocus}
          />
        ) : null}
      </Suspense>
    </section>
  );
}
