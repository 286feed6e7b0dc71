import { DashboardScreen } from '@/features/dashboard/components/dashboard-screen';

/** /business-dashboard (business owners only; the router's guard and the server both check). */
export default function BusinessDashboardPage() {
  return <DashboardScreen />;
}
