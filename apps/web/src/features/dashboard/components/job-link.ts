import type { DashboardItem } from '@grip/domain';
import type { ItemTarget } from './dashboard-item-list';

export const DASHBOARD_PATH = '/business-dashboard';

/** The dashboard's views live in navigation state, so the browser's Back returns to the overview. */
export interface DashboardState {
  respond?: string;
  metric?: string;
  /** view 'jobDetail' with the selected job (spec 3 §2). */
  view?: 'jobDetail';
  job?: string;
}

/** A job opens the dashboard's job detail view (spec 3 §2: "a click opens job detail"). */
export const jobLink = (item: DashboardItem): ItemTarget => ({
  to: DASHBOARD_PATH,
  state: { view: 'jobDetail', job: item.id } satisfies DashboardState,
});

/** A received request opens the dashboard's respond view. */
export const respondLink = (item: DashboardItem): ItemTarget => ({
  to: DASHBOARD_PATH,
  state: { respond: item.requestId } satisfies DashboardState,
});
