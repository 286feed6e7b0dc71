import { PROFILE_SETTINGS_MESSAGES, ProfileSettingsInputSchema, type ProfileSettings } from '@grip/domain';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { formSchema, useZodForm } from '@/lib/use-zod-form';
import { useSaveProfileSettings } from '../api/profile-settings';

export function ProfileForm({ initial, onDone }: { initial: ProfileSettings; onDone: () => void }) {
  const save = useSaveProfileSettings();
  const schema = formSchema(
    (v: { displayName: string; phone: string }) => ({
      displayName: v.displayName,
      phone: v.phone.trim() || null,
    }),
    ProfileSettingsInputSchema,
  );
  const form = useZodForm(schema, {
    defaultValues: { displayName: initial.displayName, phone: initial.phone ?? '' },
    serverFields: ['displayName', 'phone'],
  });
  const { errors, isSubmitting } = form.formState;
  const isSaving = isSubmitting || save.isPending;

  const submit = form.submit(async (data) => {
    try {
      await save.mutateAsync(data);
    } catch (error) {
      toast.error(PROFILE_SETTINGS_MESSAGES.updateFailed);
      throw error;
    }
    toast.success(PROFILE_SETTINGS_MESSAGES.updatedTitle, { description: PROFILE_SETTINGS_MESSAGES.updated });
    onDone();
  });

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate aria-label="Edit profile information">
      <Field label="Display name" error={errors.displayName?.message}>
        <Input autoComplete="name" required {...form.register('displayName')} />
      </Field>
      <Field
        label="Phone (optional)"
        hint="With its country code, e.g. +61 400 000 000. Texts go to this number when SMS is on."
        error={errors.phone?.message}
      >
        <Input type="tel" autoComplete="tel" {...form.register('phone')} />
      </Field>
      <div className="flex gap-2">
        <Button type="submit" isLoading={isSaving}>
          Save
        </Button>
        <Button type="button" variant="ghost" disabled={isSaving} onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
