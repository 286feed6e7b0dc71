import { ACCOUNT_TYPES, type Role } from '@grip/domain';
import { Briefcase, ShieldCheck, User } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useId } from 'react';
import { cn } from '@/lib/utils';

const ICONS = { user: User, business_owner: Briefcase, administrator: ShieldCheck } as const;

interface AccountTypeSelectorProps {
  value: Role;
  onChange: (role: Role) => void;
  error?: string;
}

/** The sign-up account type as radio cards (arrow keys move between them). */
export function AccountTypeSelector({ value, onChange, error }: AccountTypeSelectorProps) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium">
        Account type
      </span>
      <RadioGroup.Root
        value={value}
        onValueChange={(next) => onChange(next as Role)}
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : undefined}
        className="grid gap-2 sm:grid-cols-3"
      >
        {ACCOUNT_TYPES.map((type) => {
          const Icon = ICONS[type.role];
          return (
            <RadioGroup.Item
              key={type.role}
              value={type.role}
              aria-labelledby={`${id}-${type.role}-label`}
              aria-describedby={`${id}-${type.role}-description`}
              className={cn(
                'flex items-start gap-3 rounded-lg border border-input bg-background p-3 text-left transition-colors sm:flex-col sm:gap-2',
                'hover:bg-muted data-[state=checked]:border-primary data-[state=checked]:bg-accent data-[state=checked]:ring-1 data-[state=checked]:ring-primary',
              )}
            >
              <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary sm:mt-0" />
              <span className="grid gap-0.5">
                <span id={`${id}-${type.role}-label`} className="text-sm font-semibold">
                  {type.label}
                </span>
                <span id={`${id}-${type.role}-description`} className="text-xs text-muted-foreground">
                  {type.description}
                </span>
              </span>
            </RadioGroup.Item>
          );
        })}
      </RadioGroup.Root>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
