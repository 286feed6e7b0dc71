import { isCompletable, JOB_MESSAGES, type BusinessJob } from '@grip/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ImagePicker } from '@/features/uploads/components/image-picker';
import { isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { jobQueryOptions, saveJobNotes } from '../api/jobs-api';
import { useCompleteJob } from '../api/use-complete-job';
import { useProofUploads } from '../use-proof-uploads';
import { ConfirmCompleteDialog } from './confirm-complete-dialog';
import { NotesField } from './notes-field';

/**
 * Engagement Details (spec 3 §2): private work notes with Save Notes and, until the job is completed,
 * proof photos and Mark Job Complete — confirmed first, with optional completion notes that are the
 * only notes the customer receives.
 *
 * The card lives as long as the job is shown: refetches (Save Notes, live updates) change `job`
 * without remounting it, so chosen photos and typed text survive them. The notes follow the server
 * until the business edits them; from then on the edit is theirs until it is saved.
 */
export function EngagementCard({ job }: { job: BusinessJob }) {
  const queryClient = useQueryClient();
  /** The business's unsaved edit, or null to show the server's notes. */
  const [draft, setDraft] = useState<string | null>(null);
  const notes = draft ?? job.engagementNotes ?? '';
  const [isConfirming, setIsConfirming] = useState(false);
  const [completionNotes, setCompletionNotes] = useState('');
  const uploads = useProofUploads();
  const completable = isCompletable(job.status, job.completionStatus);

  const complete = useCompleteJob(job.id, {
    successTitle: JOB_MESSAGES.completedTitle,
    onDone: () => {
      uploads.reset();
      setDraft(null);
      setCompletionNotes('');
      setIsConfirming(false);
    },
  });
  const save = useMutation({
    mutationFn: (text: string) => saveJobNotes(job.id, text),
    onSuccess: ({ engagementNotes }, sent) => {
      toast.success(JOB_MESSAGES.notesSavedTitle);
      queryClient.setQueryData(jobQueryOptions(job.id).queryKey, (old) =>
        old ? { ...old, engagementNotes } : old,
      );
      // Text typed while the save was on its way is still an edit; otherwise follow the server again.
      setDraft((current) => (current === sent ? null : current));
      void queryClient.invalidateQueries({ queryKey: queryKeys.business });
    },
    onError: (error) => {
      const description =
        isApiError(error) && error.status >= 400 && error.status < 500
          ? error.message
          : JOB_MESSAGES.notesFailed;
      toast.error(JOB_MESSAGES.notesFailedTitle, { description });
    },
  });

  const askToComplete = () => {
    if (uploads.isUploading) {
      toast.info('Images still uploading', { description: 'Wait for your photos to finish, then submit.' });
      return;
    }
    setIsConfirming(true);
  };

  const markComplete = () =>
    complete.mutate({
      // Saved with the completion so unsaved typing is not lost; never sent to the customer.
      workNotes: notes.trim(),
      notes: completionNotes.trim() || undefined,
      proofImages: uploads.urls,
      requestReview: true,
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Engagement Details</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <NotesField
          label="Work Notes & Progress"
          value={notes}
          onChange={setDraft}
          placeholder="Add notes about the work, progress or anything to remember"
        />
        <Button
          variant="outline"
          className="justify-self-start"
          disabled={save.isPending}
          onClick={() => save.mutate(notes)}
        >
          {save.isPending ? 'Saving…' : 'Save Notes'}
        </Button>
        {completable ? (
          <div className="grid gap-3 border-t border-border pt-4">
            <ImagePicker uploads={uploads} label="Proof photos" hint="Max 10MB per image. PNG, JPG or GIF." />
            <Button className="justify-self-start" disabled={complete.isPending} onClick={askToComplete}>
              Mark Job Complete
            </Button>
            <p className="text-sm text-muted-foreground">{JOB_MESSAGES.contestNote}</p>
            <ConfirmCompleteDialog
              open={isConfirming}
              onOpenChange={setIsConfirming}
              customerName={job.customerName}
              photoCount={uploads.urls.length}
              completionNotes={completionNotes}
              onCompletionNotesChange={setCompletionNotes}
              isPending={complete.isPending}
              onConfirm={markComplete}
            />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
