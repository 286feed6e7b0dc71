import { jobStatusBadge, type CompletionStatus, type ResponseStatus } from '@grip/domain';
import { Badge } from '@/components/ui/badge';

const TONES = { blue: 'info', green: 'success', yellow: 'warning' } as const;

/** Spec 3 §4: COMPLETED in blue, ACCEPTED in green, anything else in yellow, upper case. */
export function JobStatusBadge({
  status,
  completionStatus,
}: {
  status: ResponseStatus;
  completionStatus: CompletionStatus;
}) {
  const badge = jobStatusBadge(status, completionStatus);
  return <Badge tone={TONES[badge.tone]}>{badge.label}</Badge>;
}
