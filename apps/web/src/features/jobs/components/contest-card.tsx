import { DISPUTE_MESSAGES, type BusinessJob } from '@grip/domain';
import { AlertTriangle } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { BusinessDisputeCard } from '@/features/disputes/components/business-dispute-card';

/**
 * A contested completion on the job (PRODUCT-DECISIONS "Contest", issue 32): its dispute — the
 * business answers, the customer accepts or escalates, Grip decides — and, once it has ended, how.
 * A job contested before disputes existed has none: its reason shows, with nothing for the business to
 * end alone.
 */
export function ContestCard({ job }: { job: BusinessJob }) {
  if (job.dispute) return <BusinessDisputeCard dispute={job.dispute} />;
  if (!job.contestReason) return null;
  return (
    <Card className="border-warning-border bg-warning" role="region" aria-labelledby={`contest-${job.id}`}>
      <CardHeader>
        <CardTitle id={`contest-${job.id}`} className="flex items-center gap-2">
          <AlertTriangle aria-hidden="true" className="size-5 text-warning-foreground" />
          {DISPUTE_MESSAGES.answerTitle}
        </CardTitle>
        <CardDescription>{DISPUTE_MESSAGES.legacyContest}</CardDescription>
      </CardHeader>
      <CardContent>
        <blockquote className="border-l-2 border-border pl-3 text-sm whitespace-pre-line">
          {job.contestReason}
        </blockquote>
      </CardContent>
    </Card>
  );
}
