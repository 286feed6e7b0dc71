import type { BusinessJob } from '@grip/domain';
import { useState } from 'react';
import { CompleteJobDialog } from './complete-job-dialog';
import { JobSection } from './job-section';

/** Confirmed Bookings (spec 3 §2): Active open, Completed on demand, and Quick Complete. */
export function ConfirmedBookingsView() {
  const [open, setOpen] = useState({ active: true, completed: false });
  const [completing, setCompleting] = useState<BusinessJob | null>(null);

  return (
    <div className="grid gap-4">
      <JobSection
        section="active"
        isOpen={open.active}
        onOpenChange={(active) => setOpen((o) => ({ ...o, active }))}
        onQuickComplete={setCompleting}
      />
      <JobSection
        section="completed"
        isOpen={open.completed}
        onOpenChange={(completed) => setOpen((o) => ({ ...o, completed }))}
        onQuickComplete={setCompleting}
      />
      {completing ? (
        <CompleteJobDialog
          job={completing}
          open
          onOpenChange={(isOpen) => {
            if (!isOpen) setCompleting(null);
          }}
        />
      ) : null}
    </div>
  );
}
