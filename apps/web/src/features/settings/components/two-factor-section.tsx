import { TWO_FACTOR_MESSAGES } from '@grip/domain';
import { useId, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Switch } from '@/components/ui/switch';
import { TwoFactorDisableDialog } from './two-factor-disable-dialog';
import { TwoFactorSetupDialog } from './two-factor-setup-dialog';

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
          onToggle={() => setDialog(isEnabled ? 'disable' : 'setup')}
          aria-labelledby={headingId}
          aria-describedby={hintId}
          className="mt-0.5"
        />
      ) : null}
      <TwoFactorSetupDialog
        open={dialog === 'setup'}
        onOpenChange={(open) => setDialog(open ? 'setup' : null)}
        onCloseAutoFocus={returnFocus}
      />
      <TwoFactorDisableDialog
        open={dialog === 'disable'}
        onOpenChange={(open) => setDialog(open ? 'disable' : null)}
        onCloseAutoFocus={returnFocus}
      />
    </section>
  );
}
