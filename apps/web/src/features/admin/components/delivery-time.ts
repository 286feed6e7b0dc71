import { formatDate } from '@grip/domain';

/** 'Mar 4, 2026, 9:05 AM' in the viewer's time zone. */
export function formatDateTime(iso: string): string {
  const at = new Date(iso);
  return `${formatDate(at)}, ${at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}`;
}
