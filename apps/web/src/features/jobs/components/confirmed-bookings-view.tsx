import type { BusinessJob } from '@grip/domain';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SECTION_PARAM, sectionFromParam } from '@/lib/confirmed-bookings-url';
import { CompleteJobDialog } from './complete-job-dialog';
import { JobSection } from './job-section';

/**
 * Confirmed Bookings (spec 3 §2): Active open, Completed on demand, and Quick Complete.
 * `?section=completed` (View All Completed) opens Completed instead and scrolls to it; Active starts
 * collapsed then, so its list loading above cannot push Completed away after the scroll.
 */
export function ConfirmedBookingsView() {
  const [params] = useSearchParams();
  const focus = sectionFromParam(params.get(SECTION_PARAM));
  const [open, setOpen] = useState(() =>
    focus === 'completed' ? { active: false, completed: true } : { active: true, completed: false },
  );
  const [completing, setCompleting] = useState<BusinessJob | null>(null);
  const completedRef = useRef<HTMLDivElement>(null);
  // A link to ?section=completed while the page is already open opens the group too.
  const [seenFocus, setSeenFocus] = useState(focus);
  if (focus !== seenFocus) {
    setSeenFocus(focus);
    if (focus === 'completed') setOpen((o) => ({ ...o, completed: true }));
  }

  useEffect(() => {
    if (focus === 'completed') completedRef.current?.scrollIntoView({ block: 'start' });
  }, [focus]);

  return (
    <div className="grid gap-4">
      <JobSection
        section="active"
        isOpen={open.active}
        onOpenChange={(active) => setOpen((o) => ({ ...o, active }))}
        onQuickComplete={setCompleting}
      />
      <div ref={completedRef} className="scroll-mt-20">
        <JobSection
          section="completed"
          isOpen={open.completed}
          onOpenChange={(completed) => setOpen((o) => ({ ...o, completed }))}
          onQuickComplete={setCompleting}
        />
      </div>
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
