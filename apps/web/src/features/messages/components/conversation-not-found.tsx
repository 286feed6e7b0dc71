import { CONVERSATION_MESSAGES } from '@grip/domain';
import { MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useCurrentUser } from '@/features/auth/api/use-current-user';

/** A missing (or someone else's) conversation, with a way back (spec 3: to /business-active). */
export function ConversationNotFound() {
  const me = useCurrentUser();
  const backTo = me.profile.role === 'business_owner' ? '/business-active' : '/messages';
  return (
    <EmptyState
      icon={MessagesSquare}
      title={CONVERSATION_MESSAGES.notFoundTitle}
      description={CONVERSATION_MESSAGES.notFound}
      action={
        <Button asChild variant="outline">
          <Link to={backTo}>Back</Link>
        </Button>
      }
    />
  );
}
