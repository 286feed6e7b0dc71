import { formatDateTime } from '@grip/domain';

/** An instant as 'MMM d, yyyy at 3:45 pm' in the viewer's zone: a 48-hour wait needs the hour. */
export function formatDisputeTime(value: string): string {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return value;
  return formatDateTime(at);
}
