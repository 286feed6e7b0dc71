import type { JobMessage } from '@grip/domain';
import { MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/**
 * The job's conversation, read-only: writing happens on the conversation page (the messaging work),
 * which this links to.
 */
export function JobMessages({ jobId, messages }: { jobId: string; messages: readonly JobMessage[] }) {
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>
          Conversation <span className="text-sm font-normal text-muted-foreground">({messages.length})</span>
        </CardTitle>
        <Link to={`/conversation/${jobId}`} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          <MessageSquare aria-hidden="true" className="size-4" />
          Open conversation
        </Link>
      </CardHeader>
      <CardContent>
        {messages.length === 0 ? (
          <p className="text-sm text-muted-foreground">No Messages Yet</p>
        ) : (
          <ol className="grid max-h-96 gap-2 overflow-y-auto" aria-label="Messages">
            {messages.map((m) => (
              <li
                key={m.id}
                className={cn(
                  'max-w-[85%] rounded-lg px-3 py-2 text-sm whitespace-pre-wrap',
                  m.fromMe ? 'justify-self-end bg-primary/10' : 'justify-self-start bg-muted',
                )}
              >
                <span className="sr-only">{m.fromMe ? 'You: ' : 'Customer: '}</span>
                {m.message}
                <time className="mt-1 block text-xs text-muted-foreground" dateTime={m.createdAt}>
                  {new Date(m.createdAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}
                </time>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
