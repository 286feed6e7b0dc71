import { BOOKING_MESSAGES, PAGE_TITLES } from '@grip/domain';
import { Page } from '@/components/layout/page';
import { ConfirmedRequestsView } from '@/features/bookings/components/confirmed-requests-view';

export default function ConfirmedPage() {
  return (
    <Page
      title={PAGE_TITLES['/confirmed'] ?? 'Confirmed Requests'}
      subtitle={BOOKING_MESSAGES.confirmedSubtitle}
    >
      <ConfirmedRequestsView />
    </Page>
  );
}
