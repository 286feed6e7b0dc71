import { formatDate, formatTime } from '@grip/domain';

/** 'Mar 4, 2026, 9:05 am' in the viewer's time zone and the platform's locale. */
export function formatDateTime(iso: string): string {
  const at = new Date(iso);
  return `${formatDate(at)}, ${formatTime(at)}`;
}
