import { isCompletable, JOB_MESSAGES, type BusinessJob } from '@grip/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ImagePicker } from '@/features/uploads/components/image-picker';
import { isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { saveJobNotes } from '../api/jobs-api';
import { useCompleteJob } from '../api/use-complete-job';
import { useProofUploads } from '../use-proof-uploads';
import { NotesField } from './notes-field';

/**
 * Engagement Details (spec 3 §2): work notes with Save Notes and, until the job is completed, proof
 * photos and Mark Job Complete (which also stores the notes and asks the customer for a review, the
 * spec's default).
 */
export function EngagementCard({ job }: { job: BusinessJob }) {
  const queryClient = useQueryClient();
  const [notes, setNotes] = useState(job.engagementNotes ?? '');
  const uploads = useProofUploads();
  const completable = isCompletable(job.status, job.completionStatus);
  const complete = useCompleteJob(job.id, () => uploads.reset());
  const save = useMutation({
    mutationFn: () => saveJobNotes(job.id, notes),
    onSuccess: () => {
      toast.success(JOB_MESSAGES.notesSavedTitle);
      void queryClient.invalidateQueries({ queryKey: queryKeys.business });
    },
    onError: (error) => {
      const description = isApiError(error) && error.status < 500 ? error.message : JOB_MESSAGES.notesFailed;
      toast.error(JOB_MESSAGES.notesFailedTitle, { description });
    },
  });

  const markComplete = () => {
    if (uploads.isUploading) {
      toast.info('Images still uploading', { description: 'Wait for your photos to finish, then submit.' });
      return;
    }
    complete.mutate({ notes: notes.trim() || undefined, proofImages: uploads.urls, requestReview: true });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Engagement Details</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <NotesField
          label="Work Notes & Progress"
          value={notes}
          onChange={setNotes}
          placeholder="Add notes about the work, progress or anything to remember"
        />
        <Button
          variant="outline"
          className="justify-self-start"
          disabled={save.isPending}
          onClick={() => save.mutate()}
        >
          {save.isPending ? 'Saving…' : 'Save Notes'}
        </Button>
        {completable ? (
          <div className="grid gap-3 border-t border-border pt-4">
            <ImagePicker uploads={uploads} label="Proof photos" hint="Max 10MB per image. PNG, JPG or GIF." />
            <Button className="justify-self-start" disabled={complete.isPending} onClick={markComplete}>
              {complete.isPending ? 'Completing…' : 'Mark Job Complete'}
            </Button>
            <p className="text-sm text-muted-foreground">{JOB_MESSAGES.contestNote}</p>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
