import {
  ADMIN_DIRECTORY_MESSAGES,
  AdminBusinessUpdateSchema,
  addCategory,
  type AdminBusiness,
  type AdminBusinessUpdateInput,
} from '@grip/domain';
import { Plus, X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DialogClose,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { isApiError } from '@/lib/api-client';
import { formSchema, useZodForm } from '@/lib/use-zod-form';
import { useUpdateBusiness } from '../api/directory';

interface FormState {
  businessName: string;
  displayName: string;
  phone: string;
  address: string;
  website: string;
  description: string;
  serviceCategories: string[];
  serviceAreaKm: string;
  notificationEmail: string;
}

const FIELDS = [
  'businessName',
  'displayName',
  'phone',
  'address',
  'website',
  'description',
  'serviceCategories',
  'serviceAreaKm',
  'notificationEmail',
] as const satisfies readonly (keyof FormState)[];

function initialState(business: AdminBusiness): FormState {
  return {
    businessName: business.businessName ?? '',
    displayName: business.displayName ?? '',
    phone: business.phone ?? '',
    address: business.address ?? '',
    website: business.website ?? '',
    description: business.description ?? '',
    serviceCategories: [...business.serviceCategories],
    serviceAreaKm: business.serviceAreaKm === null ? '' : String(business.serviceAreaKm),
    notificationEmail: business.notificationEmail ?? '',
  };
}

export function EditForm({ business, onClose }: { business: AdminBusiness; onClose: () => void }) {
  const [draft, setDraft] = useState('');
  // Text still in the category box counts as typed: adding it first saves what the admin sees.
  const schema = formSchema(
    (values: FormState): AdminBusinessUpdateInput => ({
      ...values,
      serviceCategories: [...addCategory(values.serviceCategories, draft)],
    }),
    AdminBusinessUpdateSchema,
  );
  const form = useZodForm(schema, { defaultValues: initialState(business), serverFields: FIELDS });
  const { errors, isSubmitting } = form.formState;
  const categories = useWatch({ control: form.control, name: 'serviceCategories' });
  const update = useUpdateBusiness();
  const isSaving = isSubmitting || update.isPending;

  const setCategories = (next: readonly string[]) =>
    form.setValue('serviceCategories', [...next], { shouldValidate: form.formState.isSubmitted });

  const addDraft = () => {
    setCategories(addCategory(categories, draft));
    setDraft('');
  };

  const onDraftKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds the category; it never submits the dialog.
    event.preventDefault();
    addDraft();
  };

  const submit = form.submit(async (input) => {
    try {
      await update.mutateAsync({ userId: business.userId, input });
    } catch (error) {
      toast.error(ADMIN_DIRECTORY_MESSAGES.updateFailed, {
        description: isApiError(error) && error.status === 400 ? error.message : undefined,
      });
      throw error;
    }
    toast.success(ADMIN_DIRECTORY_MESSAGES.updated);
    onClose();
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>Edit Business Profile</DialogTitle>
        <DialogDescription>{business.accountEmail}</DialogDescription>
      </DialogHeader>
      <form className="grid gap-4" onSubmit={submit} noValidate>
        <Field label="Business name" error={errors.businessName?.message}>
          <Input {...form.register('businessName')} />
        </Field>
        <Field label="Contact name" error={errors.displayName?.message}>
          <Input {...form.register('displayName')} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Phone" error={errors.phone?.message}>
            <Input type="tel" {...form.register('phone')} />
          </Field>
          <Field label="Notification email" error={errors.notificationEmail?.message}>
            <Input type="email" {...form.register('notificationEmail')} />
          </Field>
        </div>
        <Field label="Address" error={errors.address?.message}>
          <Input {...form.register('address')} />
        </Field>
        <Field label="Website" error={errors.website?.message}>
          <Input type="url" {...form.register('website')} />
        </Field>
        <Field label="Description" error={errors.description?.message}>
          <Textarea rows={3} {...form.register('description')} />
        </Field>
        <div className="grid gap-2">
          <Field
            label="Service categories"
            error={errors.serviceCategories?.message}
            hint="Type a category and press Enter or the plus button."
          >
            <Input value={draft} onChange={(e) => setDraft(e.target.value)} onKeyDown={onDraftKey} />
          </Field>
          <div className="flex items-start gap-2">
            <ul className="flex min-w-0 flex-1 flex-wrap gap-1.5" aria-label="Categories added">
              {categories.map((category) => (
                <li key={category}>
                  <Badge tone="neutral" className="gap-1 py-1 pr-1">
                    {category}
                    <button
                      type="button"
                      aria-label={`Remove ${category}`}
                      className="rounded-full p-0.5 hover:bg-border"
                      onClick={() => setCategories(categories.filter((c) => c !== category))}
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
          error={errors.serviceAreaKm?.message}
          hint="A whole number; leave blank for none."
        >
          <Input inputMode="numeric" {...form.register('serviceAreaKm')} />
        </Field>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" isLoading={isSaving}>
            Save
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
