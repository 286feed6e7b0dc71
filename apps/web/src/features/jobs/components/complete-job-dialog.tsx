import { JOB_MESSAGES, type BusinessJob } from '@grip/domain';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { ImagePicker } from '@/features/uploads/components/image-picker';
import { useCompleteJob } from '../api/use-complete-job';
import { useProofUploads } from '../use-proof-uploads';
import { NotesField } from './notes-field';

interface CompleteJobDialogProps {
  job: BusinessJob;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The Complete Request dialog (spec 3 §2): job, request, service type and business user ids, proof
 * photos, notes up to 1000 characters (they go to the customer with the completion message) and the
 * review request. Submitting it is the confirmation.
 */
export function CompleteJobDialog({ job, open, onOpenChange }: CompleteJobDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {/* Mounted only while open, so each opening starts with an empty form. */}
        {open ? <CompleteJobForm job={job} onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CompleteJobForm({ job, onClose }: { job: BusinessJob; onClose: () => void }) {
  const [notes, setNotes] = useState('');
  const [requestReview, setRequestReview] = useState(true);
  const uploads = useProofUploads();
  const complete = useCompleteJob(job.id, {
    successTitle: JOB_MESSAGES.requestCompletedTitle,
    onDone: onClose,
  });

  const submit = () => {
    if (uploads.isUploading) {
      toast.info('Images still uploading', { description: 'Wait for your photos to finish, then submit.' });
      return;
    }
    complete.mutate({ notes: notes.trim() || undefined, proofImages: uploads.urls, requestReview });
  };

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <DialogHeader>
        <DialogTitle>Complete Request</DialogTitle>
        <DialogDescription>
          {job.customerName} will get a completion message with any notes and photos you add.{' '}
          {JOB_MESSAGES.contestNote}
        </DialogDescription>
      </DialogHeader>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Job ID</dt>
        <dd className="break-all">{job.id}</dd>
        <dt className="text-muted-foreground">Request ID</dt>
        <dd className="break-all">{job.requestId}</dd>
        <dt className="text-muted-foreground">Service type</dt>
        <dd>{job.request.serviceType}</dd>
        <dt className="text-muted-foreground">Business user ID</dt>
        <dd className="break-all">{job.businessUserId}</dd>
      </dl>
      <ImagePicker
        uploads={uploads}
        label="Proof photos"
        hint="Max 10MB per image. JPG, PNG, GIF supported."
      />
      <NotesField
        label="Completion notes"
        hint="Sent to the customer with the completion message."
        value={notes}
        onChange={setNotes}
        placeholder="What was done, anything the customer should know"
      />
      <label className="flex min-h-9 items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={requestReview}
          onChange={(event) => setRequestReview(event.currentTarget.checked)}
        />
        Ask the customer for a review
      </label>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={complete.isPending}>
          {complete.isPending ? 'Completing…' : 'Complete Request'}
        </Button>
      </DialogFooter>
    </form>
  );
}
