import { type AdminBusiness } from '@grip/domain';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { LazyDialogBody } from '@/components/ui/lazy-dialog-body';
import { preloadable } from '@/lib/preloadable';

/** The form's code (and react-hook-form's) loads when the dialog first opens. */
const EditForm = preloadable('business-edit-form', () =>
  import('./business-edit-form').then((m) => ({ default: m.EditForm })),
);

/**
 * The administrator's business-profile edit dialog (spec 3): a category is added on Enter or the
 * plus button (blank input ignored); the service area is a whole number of km and blank means none.
 * Rendered only while open, so each opening starts from the business as listed.
 */
export function BusinessEditDialog({
  business,
  onClose,
}: {
  business: AdminBusiness | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={business !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {business ? (
        <DialogContent className="sm:max-w-lg">
          <LazyDialogBody title="Edit Business Profile">
            <EditForm key={business.userId} business={business} onClose={onClose} />
          </LazyDialogBody>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
