import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** A label/value list that reads as two columns from small tablets up, one column on phones. */
export function DetailList({
  className,
  children,
  label,
}: {
  className?: string;
  children: ReactNode;
  label?: string;
}) {
  return (
    <dl aria-label={label} className={cn('grid gap-3 sm:grid-cols-2', className)}>
      {children}
    </dl>
  );
}

export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

/** A titled block of the offer; nothing when it has no text. */
export function TextSection({ id, title, text }: { id: string; title: string; text: string | null }) {
  if (!text?.trim()) return null;
  return (
    <section className="grid gap-1" aria-labelledby={id}>
      <h3 id={id} className="text-sm font-semibold">
        {title}
      </h3>
      <p className="text-sm break-words whitespace-pre-line">{text}</p>
    </section>
  );
}
