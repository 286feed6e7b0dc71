import { OpportunitiesView } from '@/features/opportunities/components/opportunities-view';

export default function BusinessActivePage() {
  return <OpportunitiesView />;
}
