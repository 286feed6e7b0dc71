import {
  EMPTY_MOCK_REQUEST_FORM,
  formatBudget,
  formatDate,
  localIsoDate,
  MOCK_REQUEST_DESCRIPTION_MAX_LENGTH,
  MOCK_REQUEST_MAX_PHOTOS,
  MOCK_REQUEST_MESSAGES as F,
  MOCK_REQUEST_TIME_SLOTS,
  mockPhotoError,
  mockRequestFormSchemaFor,
  type MockRequestFormData,
  type MockRequestFormInput,
  withCurrency,
} from '@grip/domain';
import { ClipboardList, ImageIcon, X } from 'lucide-react';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect, PlainOptions } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { formSchema, useZodForm } from '@/lib/use-zod-form';

type MockRequestValues = Omit<MockRequestFormInput, 'photos'>;

interface PhotoItem {
  id: number;
  file: File;
  /** A local object URL for the thumbnail; null where the browser cannot make one. */
  url: string | null;
}

let nextPhotoId = 1;

const objectUrl = (file: File) =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
const revoke = (photo: PhotoItem) => {
  if (photo.url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(photo.url);
};

/** The budget as a business sees it: one amount is fixed, two different amounts a range. */
function budgetText(data: MockRequestFormData): string {
  const { budgetMin: min, budgetMax: max } = data;
  if (min !== null && max !== null && min !== max) {
    return formatBudget({ budgetType: 'range', budgetMin: min, budgetMax: max });
  }
  return formatBudget({ budgetType: 'fixed', budgetMin: min ?? max });
}

function dateText(data: MockRequestFormData): string {
  const [y, m, d] = data.preferredDate.split('-').map(Number) as [number, number, number];
  const day = formatDate(new Date(y, m - 1, d));
  return data.preferredTime ? `${day} at ${data.preferredTime}` : `${day}, any time`;
}

function Thumbnail({ photo }: { photo: PhotoItem }) {
  return photo.url ? (
    <img
      src={photo.url}
      alt={photo.file.name}
      loading="lazy"
      className="aspect-square w-full rounded-md border border-border object-cover"
    />
  ) : (
    <span className="flex aspect-square w-full items-center justify-center rounded-md border border-border bg-muted">
      <ImageIcon aria-hidden="true" className="size-5 text-muted-foreground" />
      <span className="sr-only">{photo.file.name}</span>
    </span>
  );
}

function RequestPreview({ data, photos }: { data: MockRequestFormData; photos: PhotoItem[] }) {
  return (
    <section
      aria-label="Request preview"
      className="grid gap-3 rounded-lg border border-border bg-muted/40 p-4 text-sm"
    >
      <h3 className="font-semibold">How businesses would see this request</h3>
      <dl className="grid gap-2">
        <div className="grid gap-0.5 sm:grid-cols-[8rem_1fr] sm:gap-3">
          <dt className="text-muted-foreground">Preferred date</dt>
          <dd>{dateText(data)}</dd>
        </div>
        <div className="grid gap-0.5 sm:grid-cols-[8rem_1fr] sm:gap-3">
          <dt className="text-muted-foreground">Budget</dt>
          <dd className="tabular-nums">{budgetText(data)}</dd>
        </div>
        <div className="grid gap-0.5 sm:grid-cols-[8rem_1fr] sm:gap-3">
          <dt className="text-muted-foreground">Description</dt>
          <dd className="whitespace-pre-wrap break-words">{data.description || 'No description'}</dd>
        </div>
        <div className="grid gap-0.5 sm:grid-cols-[8rem_1fr] sm:gap-3">
          <dt className="text-muted-foreground">Photos</dt>
          <dd>
            {photos.length === 0 ? (
              'No photos'
            ) : (
              <ul className="grid grid-cols-4 gap-2 sm:grid-cols-5">
                {photos.map((photo) => (
                  <li key={photo.id}>
                    <Thumbnail photo={photo} />
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
      <Alert tone="warning" role="status">
        {F.notSent}
      </Alert>
    </section>
  );
}

/**
 * The request-details mock form of /admin-test-request (spec 3): date, time, budget, description
 * and photos, checked with the domain's rules (the preferred date cannot be earlier than now).
 * Submitting shows the request as businesses would see it. Nothing is uploaded, saved or sent:
 * photos are previewed from the device only.
 */
export function MockRequestForm() {
  const [photos, setPhotos] = useState<PhotoItem[]>([]);
  const [preview, setPreview] = useState<MockRequestFormData | null>(null);
  const [today] = useState(() => localIsoDate(new Date()));
  // Checked against the time of each submit; the photos are the chosen files, not a text field.
  const schema = formSchema(
    (values: MockRequestValues) => ({
      ...values,
      photos: photos.map(({ file }) => ({ name: file.name, type: file.type, size: file.size })),
    }),
    mockRequestFormSchemaFor(new Date()),
    { photos: 'root.photos' },
  );
  const form = useZodForm(schema, { defaultValues: EMPTY_MOCK_REQUEST_FORM });
  const { errors } = form.formState;

  // Object URLs live until their photo is removed or the form goes away.
  const photosRef = useRef(photos);
  useEffect(() => {
    photosRef.current = photos;
  }, [photos]);
  useEffect(() => () => photosRef.current.forEach(revoke), []);

  const field = (name: keyof MockRequestValues) => form.register(name, { onChange: () => setPreview(null) });

  const addPhotos = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = ''; // the same file may be chosen again after removing it
    const problems: string[] = [];
    const added: PhotoItem[] = [];
    for (const file of files) {
      const problem = mockPhotoError({ name: file.name, type: file.type, size: file.size });
      if (problem) problems.push(`${file.name}: ${problem}`);
      else if (photos.length + added.length >= MOCK_REQUEST_MAX_PHOTOS) problems.push(F.tooManyPhotos);
      else added.push({ id: nextPhotoId++, file, url: objectUrl(file) });
    }
    setPhotos((list) => [...list, ...added]);
    if (problems.length) form.setError('root.photos', { message: [...new Set(problems)].join(' ') });
    else form.clearErrors('root.photos');
    setPreview(null);
  };

  const removePhoto = (photo: PhotoItem) => {
    revoke(photo);
    setPhotos((list) => list.filter((p) => p.id !== photo.id));
    form.clearErrors('root.photos');
    setPreview(null);
  };

  const onSubmit = form.submit(
    (data) => setPreview(data),
    () => setPreview(null),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ClipboardList aria-hidden="true" className="size-5 text-muted-foreground" />
          Request details (mock)
        </CardTitle>
        <CardDescription>
          Try the request details a customer gives and see how businesses would read them. Nothing is uploaded
          or sent.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form noValidate onSubmit={onSubmit} aria-label="Request details (mock)" className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Preferred date" error={errors.preferredDate?.message}>
              <Input type="date" min={today} {...field('preferredDate')} />
            </Field>
            <Field label="Preferred time" error={errors.preferredTime?.message}>
              <NativeSelect {...field('preferredTime')}>
                <PlainOptions values={MOCK_REQUEST_TIME_SLOTS} noneLabel="Any time" />
              </NativeSelect>
            </Field>
            <Field label={withCurrency('Minimum budget')} error={errors.budgetMin?.message}>
              <Input inputMode="decimal" placeholder="0" {...field('budgetMin')} />
            </Field>
            <Field label={withCurrency('Maximum budget')} error={errors.budgetMax?.message}>
              <Input inputMode="decimal" placeholder="0" {...field('budgetMax')} />
            </Field>
          </div>
          <Field
            label="Description"
            hint={`Up to ${MOCK_REQUEST_DESCRIPTION_MAX_LENGTH} characters`}
            error={errors.description?.message}
          >
            <Textarea {...field('description')} />
          </Field>
          <Field
            label="Photos"
            hint={`Up to ${MOCK_REQUEST_MAX_PHOTOS} images, smaller than 5 MB each. They stay on this device.`}
            error={errors.root?.photos?.message}
          >
            <Input
              type="file"
              accept="image/*"
              multiple
              disabled={photos.length >= MOCK_REQUEST_MAX_PHOTOS}
              onChange={addPhotos}
              className="h-auto py-1.5"
            />
          </Field>
          {photos.length > 0 ? (
            <ul aria-label="Chosen photos" className="grid grid-cols-3 gap-2 sm:grid-cols-5">
              {photos.map((photo) => (
                <li key={photo.id} className="relative">
                  <Thumbnail photo={photo} />
                  <Button
                    variant="secondary"
                    size="icon"
                    className="absolute top-1 right-1 size-7 rounded-full"
                    aria-label={`Remove ${photo.file.name}`}
                    onClick={() => removePhoto(photo)}
                  >
                    <X aria-hidden="true" className="size-4" />
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
          <Button type="submit" className="justify-self-start">
            Preview request
          </Button>
        </form>
        {preview ? <RequestPreview data={preview} photos={photos} /> : null}
      </CardContent>
    </Card>
  );
}
