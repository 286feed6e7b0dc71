import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A native select styled like the inputs: the phone's own picker, full keyboard use for free. */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'flex h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base sm:text-sm',
        'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring',
        'disabled:cursor-not-allowed disabled:opacity-60',
        'aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive',
        className,
      )}
      {...props}
    />
  );
}

/** A select's choices where each value is its own label (times, say), after a first "none" choice. */
export function PlainOptions({ values, noneLabel }: { values: readonly string[]; noneLabel: string }) {
  return (
    <>
      <option value="">{noneLabel}</option>
      {values.map((value) => (
        <option key={value} value={value}>
          {value}
        </option>
      ))}
    </>
  );
}
