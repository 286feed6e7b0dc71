import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { Input } from './input';

/** A search box with its magnifier: `aria-label` names it, since the icon is all there is to see. */
export function SearchInput({
  className,
  ...props
}: Omit<ComponentProps<typeof Input>, 'type'> & { 'aria-label': string }) {
  return (
    <div className={cn('relative', className)}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input type="search" className="pl-9" {...props} />
    </div>
  );
}
