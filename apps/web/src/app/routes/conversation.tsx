import { MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useCurrentUser } from '@/features/auth/api/use-current-user';

/**
 * /conversation/:responseId. Conversations open on accepted offers, which arrive with the offers
 * feature; until then no response can be found (spec 3 §2 'Conversation Not Found').
 */
export default function ConversationPage() {
  const me = useCurrentUser();
  const backTo = me.profile.role === 'business_owner' ? '/business-active' : '/messages';
  return (
    <Page title="Conversation" backTo={backTo}>
      <EmptyState
        icon={MessagesSquare}
        title="Conversation Not Found"
        description="This conversation doesn't exist or isn't available to you."
        action={
          <Button asChild variant="outline">
            <Link to={backTo}>Back</Link>
          </Button>
        }
      />
    </Page>
  );
}
