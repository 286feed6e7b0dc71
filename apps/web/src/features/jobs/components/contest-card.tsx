import { type BusinessJob, type ContestOutcome } from '@grip/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { resolveContest } from '../api/jobs-api';

const DONE: Record<ContestOutcome, string> = {
  redo: 'The job is back in progress. Mark it complete again when the work is put right.',
  resolved: 'The contest is resolved and the job is final.',
};

/**
 * A contested completion (PRODUCT-DECISIONS "Contest"): the customer's reason, and the business's two
 * answers — redo the work (the job reopens) or mark it resolved (the job is final).
 */
export function ContestCard({ job }: { job: BusinessJob }) {
  const queryClient = useQueryClient();
  const resolve = useMutation({
    mutationFn: (outcome: ContestOutcome) => resolveContest(job.id, outcome),
    onSuccess: (_job, outcome) => {
      toast.success(outcome === 'redo' ? 'Job reopened' : 'Contest resolved', { description: DONE[outcome] });
    },
    onError: (error) => {
      const description =
        isApiError(error) && error.status < 500
          ? error.message
          : 'Failed to resolve the contest. Please try again.';
      toast.error('Error', { description });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.business }),
  });

  return (
    <Card className="border-warning-border bg-warning" role="region" aria-labelledby={`contest-${job.id}`}>
      <CardHeader>
        <CardTitle id={`contest-${job.id}`} className="flex items-center gap-2">
          <AlertTriangle aria-hidden="true" className="size-5 text-warning-foreground" />
          The customer contested the completion
        </CardTitle>
        <CardDescription>
          Put it right, or mark it resolved once you have agreed with the customer.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {job.contestReason ? (
          <blockquote className="border-l-2 border-border pl-3 text-sm whitespace-pre-line">
            {job.contestReason}
          </blockquote>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button disabled={resolve.isPending} onClick={() => resolve.mutate('redo')}>
            Redo the work
          </Button>
          <Button variant="outline" disabled={resolve.isPending} onClick={() => resolve.mutate('resolved')}>
            Mark resolved
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
