import { jobStatusBadge, type Conversation } from '@grip/domain';
import { MapPin } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { quoteLabel } from '../thread';

const TONES = { blue: 'info', green: 'success', yellow: 'warning' } as const;

/** The conversation's status in the job colours: COMPLETED blue, ACCEPTED green, others amber. */
export function ConversationStatusBadge({ conversation }: { conversation: Conversation }) {
  const badge = jobStatusBadge(conversation.responseStatus, conversation.completionStatus);
  return <Badge tone={TONES[badge.tone]}>{badge.label}</Badge>;
}

/** Spec 3 "Conversation page": title, service type, status badge, quote and location. */
export function ConversationHeader({ conversation }: { conversation: Conversation }) {
  return (
    <div className="grid min-w-0 gap-1">
      <h2 className="text-lg leading-tight font-semibold break-words">{conversation.requestTitle}</h2>
      <p className="text-sm break-words text-muted-foreground">
        {conversation.serviceType} · with {conversation.otherPartyName}
      </p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <ConversationStatusBadge conversation={conversation} />
        <span className="tabular font-medium">
          <span className="sr-only">Quote: </span>
          {quoteLabel(conversation.quotedPrice, conversation.priceType)}
        </span>
        {conversation.location ? (
          <span className="flex min-w-0 items-center gap-1 text-muted-foreground">
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            <span className="break-words">{conversation.location}</span>
          </span>
        ) : null}
      </div>
    </div>
  );
}
