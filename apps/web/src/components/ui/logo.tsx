import { PRODUCT_NAME } from '@grip/domain';
import { cn } from '@/lib/utils';

/** The Grip mark (a "G" on teal); decorative, the wordmark beside it names the product. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8', className)}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path
        d="M21.5 11.2A7 7 0 1 0 23 16h-6.5"
        fill="none"
        className="stroke-primary-foreground"
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-lg font-bold tracking-tight', className)}>
      <LogoMark />
      <span>{PRODUCT_NAME}</span>
    </span>
  );
}
