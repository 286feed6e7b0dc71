import { cn } from '@/lib/utils';

interface RequestImagesProps {
  images: readonly string[];
  title: string;
  /** Show at most this many; the rest are counted. */
  limit?: number;
  className?: string;
}

/** Thumbnails of a request's photos; each opens full size in a new tab. */
export function RequestImages({ images, title, limit, className }: RequestImagesProps) {
  if (images.length === 0) return null;
  const shown = limit === undefined ? images : images.slice(0, limit);
  const hidden = images.length - shown.length;
  return (
    <div className={cn('grid gap-2', className)}>
      <ul className="grid grid-cols-3 gap-2 sm:max-w-md" aria-label={`Photos of ${title}`}>
        {shown.map((url, index) => (
          <li key={url}>
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              className="block overflow-hidden rounded-md border border-border bg-muted"
            >
              <img
                src={url}
                alt={`Photo ${index + 1} of ${images.length}`}
                loading="lazy"
                className="aspect-square w-full object-cover transition-opacity hover:opacity-90"
              />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
      {hidden > 0 ? (
        <p className="text-sm text-muted-foreground">
          {hidden === 1 ? '1 more photo' : `${hidden} more photos`} in the request details
        </p>
      ) : null}
    </div>
  );
}
