import { COVERAGE_MESSAGES, coverageLevel } from '@grip/domain';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, Info, TriangleAlert } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { coverageQueryOptions, type CoverageParams } from '../api/get-coverage';

/**
 * How many businesses would hear about the request, updated as the type, place and radius change
 * (spec 2 §9 thresholds; kilometres, not the original's miles). Zero is a warning, never a block.
 */
export function CoverageBanner(params: CoverageParams) {
  const { data, isError, isPending, isFetching } = useQuery(coverageQueryOptions(params));
  if (!params.serviceType) return null;
  if (isError) {
    return (
      <Alert tone="warning" role="status" data-testid="coverage-banner" data-level="error">
        <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
        <p>{COVERAGE_MESSAGES.failed}</p>
      </Alert>
    );
  }
  if (isPending) return null;
  const { count, radiusKm, hasLocation } = data;
  const level = coverageLevel(count);
  // Without a point the count is not limited by distance, so it must not claim a radius.
  const within = hasLocation ? `within ${radiusKm} km` : 'offering this service';
  const content =
    level === 'warning'
      ? {
          icon: TriangleAlert,
          tone: 'warning' as const,
          title: 'No businesses nearby yet',
          text: hasLocation
            ? `No business offering this service covers your location ${within} yet. You can still submit your request, or widen the service area.`
            : 'No business offers this service on Grip yet. You can still submit your request: businesses that join can respond.',
        }
      : level === 'info'
        ? {
            icon: Info,
            tone: 'info' as const,
            title: `${count} ${count === 1 ? 'business' : 'businesses'} ${within}`,
            text: `${count === 1 ? 'It' : 'They'} will be told about your request as soon as you submit it.`,
          }
        : {
            icon: CircleCheck,
            tone: 'info' as const,
            title: `${count}+ businesses ${within}`,
            text: 'Good coverage: expect several offers to compare.',
          };
  const Icon = content.icon;
  return (
    <Alert
      tone={content.tone}
      role="status"
      aria-busy={isFetching}
      data-testid="coverage-banner"
      data-level={level}
      className={
        level === 'success' ? 'border-success-border bg-success-surface text-success-foreground' : undefined
      }
    >
      <Icon aria-hidden="true" className="size-5 shrink-0" />
      <div className="grid gap-0.5">
        <p className="font-semibold">{content.title}</p>
        <p>{content.text}</p>
      </div>
    </Alert>
  );
}
