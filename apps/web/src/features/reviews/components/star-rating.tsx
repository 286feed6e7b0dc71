import { RATING_VALUES } from '@grip/domain';
import { Star } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useState } from 'react';
import { cn } from '@/lib/utils';

interface StarRatingProps {
  /** 0 while nothing is chosen. */
  value: number;
  onChange: (rating: number) => void;
  /** The id of the visible label of the group. */
  labelledBy: string;
  disabled?: boolean;
}

const starLabel = (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`;

/**
 * Five stars as one radio group: Tab enters it, arrow keys move and choose, each star is named
 * '1 star'…'5 stars'. Stars up to the chosen (or hovered) one are filled.
 */
export function StarRating({ value, onChange, labelledBy, disabled }: StarRatingProps) {
  const [hovered, setHovered] = useState(0);
  const shown = hovered || value;
  return (
    <RadioGroup.Root
      value={value ? String(value) : ''}
      onValueChange={(next) => onChange(Number(next))}
      aria-labelledby={labelledBy}
      orientation="horizontal"
      disabled={disabled}
      className="flex items-center gap-1"
      onPointerLeave={() => setHovered(0)}
    >
      {RATING_VALUES.map((n) => (
        <RadioGroup.Item
          key={n}
          value={String(n)}
          aria-label={starLabel(n)}
          onPointerEnter={() => setHovered(n)}
          className={cn(
            'flex size-11 items-center justify-center rounded-md transition-colors',
            'hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            'disabled:cursor-not-allowed disabled:opacity-60',
          )}
        >
          <Star
            aria-hidden="true"
            className={cn(
              'size-8 transition-colors',
              n <= shown ? 'fill-amber-400 text-amber-500' : 'fill-transparent text-muted-foreground',
            )}
          />
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
