import { PAGE_TITLES } from '@grip/domain';
import { Page } from '@/components/layout/page';
import { MessagesView } from '@/features/messages/components/messages-view';

/** /messages: conversations; `?conversation={requestId}-{responseId}` opens one. */
export default function MessagesPage() {
  return (
    <Page title={PAGE_TITLES['/messages'] ?? 'Messages'}>
      <MessagesView />
    </Page>
  );
}
