import type { DashboardItem } from '@grip/domain';

/** Job detail lives on Confirmed Bookings; the dashboard links there with the job selected. */
export const jobLink = (item: DashboardItem) => `/business-confirmed?job=${encodeURIComponent(item.id)}`;
