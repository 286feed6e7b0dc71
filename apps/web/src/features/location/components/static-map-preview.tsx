import { cn } from '@/lib/utils';
import { formatCoordinates } from '../location-messages';

interface StaticMapPreviewProps {
  latitude: number;
  longitude: number;
  radiusKm?: number;
  label?: string;
  className?: string;
}

/**
 * The fallback when the live map cannot be shown (spec 2 §8: a static preview when coordinates are
 * known): maps turned off, tiles out of reach, no WebGL. Drawn without tiles, so it is an honest
 * diagram, not a picture of a map: a pin, the service-area ring, the area's name and the coordinates.
 */
export function StaticMapPreview({ latitude, longitude, radiusKm, label, className }: StaticMapPreviewProps) {
  const coordinates = formatCoordinates(latitude, longitude);
  return (
    <figure className={cn('m-0 flex h-full w-full flex-col bg-surface', className)}>
      {/* Squared paper, so the diagram never passes for streets. */}
      <div className="relative min-h-0 flex-1 bg-[linear-gradient(var(--color-border)_1px,transparent_1px),linear-gradient(90deg,var(--color-border)_1px,transparent_1px)] bg-[size:20px_20px] bg-center">
        <svg aria-hidden="true" className="absolute inset-0 h-full w-full" viewBox="80 20 160 160">
          {radiusKm ? (
            <circle
              cx="160"
              cy="100"
              r="62"
              className="fill-primary/10 stroke-primary"
              strokeWidth="1.5"
              strokeDasharray="5 4"
              data-testid="preview-radius"
            />
          ) : null}
          <circle cx="160" cy="100" r="3" className="fill-primary" />
          <path
            d="M160 98c-1.5-5-11-12.5-11-21a11 11 0 0 1 22 0c0 8.5-9.5 16-11 21z"
            className="fill-primary stroke-background"
            strokeWidth="1.5"
          />
          <circle cx="160" cy="77" r="4" className="fill-background" />
        </svg>
      </div>
      <figcaption className="flex flex-wrap items-end justify-between gap-x-3 border-t border-border bg-background px-3 py-2 text-sm">
        <span className="min-w-0">
          {label ? <span className="block truncate font-medium">{label}</span> : null}
          <span className="block text-muted-foreground tabular-nums">{coordinates}</span>
        </span>
        {radiusKm ? <span className="text-muted-foreground">{radiusKm} km service area</span> : null}
      </figcaption>
    </figure>
  );
}
