import { TriangleAlert } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/utils';

const TONES = {
  warning: 'border-warning-border bg-warning text-warning-foreground',
  info: 'border-border bg-background text-foreground',
  danger: 'border-danger-border bg-danger-surface text-danger-foreground',
} as const;

/** A banner inside the page (not a toast). Pass role="alert" only when it appears in response to something. */
export function Alert({
  tone = 'info',
  className,
  ...props
}: ComponentProps<'div'> & { tone?: keyof typeof TONES }) {
  return (
    <div className={cn('flex gap-3 rounded-lg border p-4 text-sm', TONES[tone], className)} {...props} />
  );
}

/**
 * What changed under the person since the screen was drawn (terms, a request, a limit): a warning
 * announced as it appears, its words in one paragraph.
 */
export function ChangeAlert({ message, className }: { message: ReactNode; className?: string }) {
  return (
    <Alert tone="warning" role="alert" className={className}>
      <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
      <p>{message}</p>
    </Alert>
  );
}
