import { CircleAlert, ImagePlus, RotateCw, X } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import type { ImageUploadItem, ImageUploads } from '../hooks/use-image-uploads';
import { UPLOAD_MAX_BYTES, UPLOAD_TEXTS } from '../upload-rules';

export interface ImagePickerProps {
  /** The list from useImageUploads(); its purpose and maxFiles apply here too. */
  uploads: ImageUploads;
  label: string;
  /** Helper text under the field; defaults to 'Max {n}MB per image. JPG, PNG, GIF supported.' */
  hint?: string;
  disabled?: boolean;
  className?: string;
}

/**
 * Choose or drop images, see them upload, remove or retry them. The file input itself is the
 * control (visually hidden, still focusable); the dashed area is its label, so a tap, a click,
 * Enter or Space all open the picker.
 */
export function ImagePicker({ uploads, label, hint, disabled = false, className }: ImagePickerProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const [isDragging, setIsDragging] = useState(false);
  const { items, maxFiles, canAddMore } = uploads;
  const isInputDisabled = disabled || !canAddMore;
  const failed = items.flatMap((item, index) =>
    item.status === 'error' ? [{ item, number: index + 1 }] : [],
  );
  const uploadingCount = items.filter((item) => item.status === 'uploading').length;

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setIsDragging(false);
    if (!isInputDisabled && event.dataTransfer.files.length > 0) uploads.add(event.dataTransfer.files);
  };

  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={inputId}>{label}</Label>
      <input
        id={inputId}
        type="file"
        accept="image/*"
        multiple
        className="peer sr-only"
        disabled={isInputDisabled}
        aria-describedby={hintId}
        onChange={(event) => {
          const chosen = event.currentTarget.files;
          if (chosen && chosen.length > 0) uploads.add(Array.from(chosen));
          // Cleared so choosing the same file again (after removing it) still fires a change.
          event.currentTarget.value = '';
        }}
      />
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          if (!isInputDisabled) setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={onDrop}
        data-dragging={isDragging || undefined}
        className={cn(
          'flex min-h-24 cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed',
          'border-input bg-surface px-4 py-5 text-center text-sm transition-colors hover:bg-muted',
          'peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2',
          'peer-disabled:cursor-not-allowed peer-disabled:opacity-60 peer-disabled:hover:bg-surface',
          'data-[dragging]:border-primary data-[dragging]:bg-accent',
        )}
      >
        <ImagePlus aria-hidden="true" className="size-6 text-primary" />
        <span className="font-medium text-primary">
          {canAddMore ? 'Choose images' : `${maxFiles} of ${maxFiles} images added`}
        </span>
        {canAddMore ? <span className="text-muted-foreground">or drag them here</span> : null}
      </label>
      <p id={hintId} className="text-sm text-muted-foreground">
        {hint ?? UPLOAD_TEXTS.hint(UPLOAD_MAX_BYTES[uploads.purpose])}
      </p>

      {items.length > 0 ? (
        <ul aria-label={`${label}: chosen images`} className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {items.map((item, index) => (
            <Thumbnail
              key={item.id}
              item={item}
              number={index + 1}
              onRemove={() => uploads.remove(item.id)}
              onRetry={() => uploads.retry(item.id)}
            />
          ))}
        </ul>
      ) : null}

      {failed.length > 0 ? (
        <ul className="grid gap-1 text-sm font-medium text-destructive">
          {failed.map(({ item, number }) => (
            <li key={item.id}>
              Image {number}: {item.error}
            </li>
          ))}
        </ul>
      ) : null}

      <p className="sr-only" aria-live="polite">
        {uploadingCount > 0 ? `Uploading ${uploadingCount} ${uploadingCount === 1 ? 'image' : 'images'}` : ''}
      </p>
    </div>
  );
}

function Thumbnail({
  item,
  number,
  onRemove,
  onRetry,
}: {
  item: ImageUploadItem;
  number: number;
  onRemove: () => void;
  onRetry: () => void;
}) {
  return (
    <li className="relative aspect-square overflow-hidden rounded-md border border-border bg-muted">
      <img
        src={item.previewUrl}
        alt={`Image ${number}`}
        loading="lazy"
        className={cn('size-full object-cover', item.status === 'error' && 'opacity-40')}
      />
      {item.status === 'uploading' ? (
        <div className="absolute inset-x-0 bottom-0 bg-foreground/60 p-1.5">
          <div
            role="progressbar"
            aria-label={`Uploading image ${number}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={item.progress}
            className="h-1.5 overflow-hidden rounded-full bg-background/40"
          >
            <div className="h-full bg-background transition-[width]" style={{ width: `${item.progress}%` }} />
          </div>
        </div>
      ) : null}
      {item.status === 'error' ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-1.5 p-1">
          <CircleAlert aria-hidden="true" className="size-5 text-destructive" />
          <Button size="sm" variant="outline" onClick={onRetry} aria-label={`Retry image ${number}`}>
            <RotateCw aria-hidden="true" />
            Retry
          </Button>
        </div>
      ) : null}
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove image ${number}`}
        className={cn(
          'absolute top-1 right-1 inline-flex size-8 items-center justify-center rounded-full',
          'bg-background/90 text-foreground shadow-sm hover:bg-background',
          'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        )}
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}
