import { BusinessRequestsView } from '@/features/business-requests/components/business-requests-view';

export default function BusinessRequestsPage() {
  return <BusinessRequestsView />;
}
