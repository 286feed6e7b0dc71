import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

interface SwitchProps extends Omit<ComponentProps<'button'>, 'role' | 'type' | 'onClick'> {
  isOn: boolean;
  onToggle: () => void;
  isBusy?: boolean;
}

/**
 * An on/off switch (ARIA role switch): a button, so Space and Enter flip it. Name it with
 * `aria-labelledby` or `aria-label`; while `isBusy` it is announced busy and cannot be flipped again.
 */
export function Switch({ isOn, onToggle, isBusy = false, disabled, className, ...props }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={isOn}
      aria-busy={isBusy || undefined}
      disabled={disabled}
      onClick={onToggle}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
        'disabled:cursor-wait disabled:opacity-70',
        isOn ? 'bg-primary' : 'bg-border',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className={cn(
          'inline-block size-5 rounded-full bg-background shadow-sm transition-transform',
          isOn ? 'translate-x-5.5' : 'translate-x-0.5',
        )}
      />
    </button>
  );
}
