import { useParams } from 'react-router';
import { Page } from '@/components/layout/page';
import { useCurrentUser } from '@/features/auth/api/use-current-user';
import { ConversationPanel } from '@/features/messages/components/conversation-panel';

/** /conversation/:responseId (spec 3): one conversation filling the screen, with a way back. */
export default function ConversationPage() {
  const { responseId = '' } = useParams();
  const me = useCurrentUser();
  const backTo = me.profile.role === 'business_owner' ? '/business-active' : '/messages';
  return (
    <Page title="Conversation" backTo={backTo}>
      <ConversationPanel
        key={responseId}
        responseId={responseId}
        className="h-[calc(100dvh-13rem)] min-h-[26rem] lg:h-[calc(100dvh-10rem)]"
      />
    </Page>
  );
}
