import { JOB_SECTIONS, type JobSection } from '@grip/domain';

const PATH = '/business-confirmed';

/** The query parameter that opens one group of Confirmed Bookings and scrolls to it. */
export const SECTION_PARAM = 'section';

/**
 * Confirmed Bookings, optionally opened at one group: `/business-confirmed?section=completed` opens
 * Completed Bookings expanded and scrolls to it (the dashboard's View All Completed).
 */
export function confirmedBookingsUrl(section?: JobSection): string {
  return section && section !== 'active' ? `${PATH}?${SECTION_PARAM}=${section}` : PATH;
}

/** The group a `?section=` value asks for, or null for none (or one that does not exist). */
export function sectionFromParam(value: string | null): JobSection | null {
  return JOB_SECTIONS.find((section) => section === value) ?? null;
}
