import { formatBadgeCount } from '@grip/domain';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

const TONES = {
  neutral: 'bg-muted text-foreground',
  primary: 'bg-primary text-primary-foreground',
  success: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
  warning: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  info: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200',
  danger: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
} as const;

/** A status or label pill: colour plus a word, never colour alone. */
export function Badge({
  tone = 'neutral',
  className,
  ...props
}: ComponentProps<'span'> & { tone?: keyof typeof TONES }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold',
        TONES[tone],
        className,
      )}
      {...props}
    />
  );
}

interface CountBadgeProps extends Omit<ComponentProps<'span'>, 'children'> {
  count: number;
}

/** The red count bubble: nothing for zero, the number up to 9, then '9+' (spec 1 §9). */
export function CountBadge({ count, className, ...props }: CountBadgeProps) {
  const text = formatBadgeCount(count);
  if (text === null) return null;
  return (
    <span
      className={cn(
        'tabular inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-badge px-1.5 text-xs leading-none font-bold text-badge-foreground',
        className,
      )}
      {...props}
    >
      {text}
    </span>
  );
}
