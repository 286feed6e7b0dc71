import {
  ADMIN_DIRECTORY_MESSAGES,
  AdminBusinessUpdateSchema,
  addCategory,
  type AdminBusiness,
  type AdminBusinessUpdateInput,
} from '@grip/domain';
import { Plus, X } from 'lucide-react';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { isApiError } from '@/lib/api-client';
import { useUpdateBusiness } from '../api/directory';

interface FormState {
  businessName: string;
  displayName: string;
  phone: string;
  address: string;
  website: string;
  description: string;
  serviceCategories: readonly string[];
  serviceAreaKm: string;
  notificationEmail: string;
}

type Errors = Partial<Record<keyof FormState, string>>;

function initialState(business: AdminBusiness): FormState {
  return {
    businessName: business.businessName ?? '',
    displayName: business.displayName ?? '',
    phone: business.phone ?? '',
    address: business.address ?? '',
    website: business.website ?? '',
    description: business.description ?? '',
    serviceCategories: business.serviceCategories,
    serviceAreaKm: business.serviceAreaKm === null ? '' : String(business.serviceAreaKm),
    notificationEmail: business.notificationEmail ?? '',
  };
}

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
      {business ? <EditForm key={business.userId} business={business} onClose={onClose} /> : null}
    </Dialog>
  );
}

function EditForm({ business, onClose }: { business: AdminBusiness; onClose: () => void }) {
  const [form, setForm] = useState<FormState>(() => initialState(business));
  const [draft, setDraft] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const update = useUpdateBusiness();

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const addDraft = () => {
    set('serviceCategories', addCategory(form.serviceCategories, draft));
    setDraft('');
  };

  const onDraftKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds the category; it never submits the dialog.
    event.preventDefault();
    addDraft();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Text still in the category box counts as typed: adding it first saves what the admin sees.
    const input: AdminBusinessUpdateInput = {
      ...form,
      serviceCategories: [...addCategory(form.serviceCategories, draft)],
    };
    const parsed = AdminBusinessUpdateSchema.safeParse(input);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof FormState | undefined;
        if (key && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      return;
    }
    update.mutate(
      { userId: business.userId, input: parsed.data },
      {
        onSuccess: () => {
          toast.success(ADMIN_DIRECTORY_MESSAGES.updated);
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && error.fields) setErrors(error.fields as Errors);
          toast.error(ADMIN_DIRECTORY_MESSAGES.updateFailed, {
            description: isApiError(error) && error.status === 400 ? error.message : undefined,
          });
        },
      },
    );
  };

  return (
    <DialogContent className="sm:max-w-lg">
      <DialogHeader>
        <DialogTitle>Edit Business Profile</DialogTitle>
        <DialogDescription>{business.accountEmail}</DialogDescription>
      </DialogHeader>
      <form className="grid gap-4" onSubmit={submit} noValidate>
        <Field label="Business name" error={errors.businessName}>
          <Input value={form.businessName} onChange={(e) => set('businessName', e.target.value)} />
        </Field>
        <Field label="Contact name" error={errors.displayName}>
          <Input value={form.displayName} onChange={(e) => set('displayName', e.target.value)} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Phone" error={errors.phone}>
            <Input type="tel" value={form.phone} onChange={(e) => set('phone', e.target.value)} />
          </Field>
          <Field label="Notification email" error={errors.notificationEmail}>
            <Input
              type="email"
              value={form.notificationEmail}
              onChange={(e) => set('notificationEmail', e.target.value)}
            />
          </Field>
        </div>
        <Field label="Address" error={errors.address}>
          <Input value={form.address} onChange={(e) => set('address', e.target.value)} />
        </Field>
        <Field label="Website" error={errors.website}>
          <Input type="url" value={form.website} onChange={(e) => set('website', e.target.value)} />
        </Field>
        <Field label="Description" error={errors.description}>
          <Textarea rows={3} value={form.description} onChange={(e) => set('description', e.target.value)} />
        </Field>
        <div className="grid gap-2">
          <Field
            label="Service categories"
            error={errors.serviceCategories}
            hint="Type a category and press Enter or the plus button."
          >
            <Input value={draft} onChange={(e) => setDraft(e.target.value)} onKeyDown={onDraftKey} />
          </Field>
          <div className="flex items-start gap-2">
            <ul className="flex min-w-0 flex-1 flex-wrap gap-1.5" aria-label="Categories added">
              {form.serviceCategories.map((category) => (
                <li key={category}>
                  <Badge tone="neutral" className="gap-1 py-1 pr-1">
                    {category}
                    <button
                      type="button"
                      aria-label={`Remove ${category}`}
                      className="rounded-full p-0.5 hover:bg-border"
                      onClick={() =>
                        set(
                          'serviceCategories',
                          form.serviceCategories.filter((c) => c !== category),
                        )
                      }
                    >
                      <X aria-hidden="true" className="size-3" />
                    </button>
                  </Badge>
                </li>
              ))}
            </ul>
            <Button type="button" variant="outline" size="icon" aria-label="Add category" onClick={addDraft}>
              <Plus aria-hidden="true" className="size-5" />
            </Button>
          </div>
        </div>
        <Field
          label="Service area (km)"
          error={errors.serviceAreaKm}
          hint="A whole number; leave blank for none."
        >
          <Input
            inputMode="numeric"
            value={form.serviceAreaKm}
            onChange={(e) => set('serviceAreaKm', e.target.value)}
          />
        </Field>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? <Spinner /> : null}
            Save
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
