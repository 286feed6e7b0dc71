import { BUSINESS_PROFILE_MESSAGES, sentenceEnd } from '@grip/domain';
import { useRef, useState, type ChangeEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { imageFileProblem } from '@/features/uploads/upload-rules';
import { uploadImage } from '@/features/uploads/api/upload-image';
import { isApiError } from '@/lib/api-client';

interface AvatarUploadProps {
  value: string | null;
  onChange: (url: string | null) => void;
  /** Name the initials come from. */
  name: string;
  onUploadingChange?: (isUploading: boolean) => void;
  /**
   * Saves the change at once (business settings), so the toast says what is true; without it the
   * avatar goes with the form (registration).
   */
  save?: (url: string | null) => Promise<void>;
}

/** Spec 3 §9: first two letters, else 'BU'. */
export function avatarInitials(name: string): string {
  const letters = name
    .replace(/[^\p{L}\p{N}]/gu, '')
    .slice(0, 2)
    .toUpperCase();
  return letters || 'BU';
}

/** Avatar upload (spec 3 §5: images only, 2MB); the server re-encodes what it accepts. */
export function AvatarUpload({ value, onChange, name, onUploadingChange, save }: AvatarUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const issue = imageFileProblem(file, 'avatar');
    if (issue) {
      const message =
        issue === 'invalid_type'
          ? BUSINESS_PROFILE_MESSAGES.avatarNotImage
          : BUSINESS_PROFILE_MESSAGES.avatarTooLarge;
      setProblem(message);
      toast.error('Upload failed', { description: message });
      return;
    }
    setProblem(null);
    setProgress(0);
    onUploadingChange?.(true);
    try {
      const image = await uploadImage(file, 'avatar', setProgress);
      await save?.(image.url);
      onChange(image.url);
      toast.success('Avatar uploaded');
    } catch (error) {
      const reason = isApiError(error) ? error.message.replace(/\.$/, '') : 'the upload did not finish';
      toast.error('Upload failed', {
        description: `Failed to upload avatar: ${sentenceEnd(reason)} Please check your permissions.`,
      });
    } finally {
      setProgress(null);
      onUploadingChange?.(false);
    }
  };

  const remove = async () => {
    try {
      await save?.(null);
    } catch {
      toast.error('Error', { description: 'Failed to update profile. Please try again.' });
      return;
    }
    onChange(null);
    toast.success('Avatar removed');
  };

  return (
    <div className="flex flex-wrap items-center gap-4">
      {value ? (
        <img
          src={value}
          alt="Your avatar"
          className="size-16 rounded-full border border-border object-cover"
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-16 items-center justify-center rounded-full bg-muted text-lg font-semibold"
        >
          {avatarInitials(name)}
        </span>
      )}
      <div className="grid gap-1.5">
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => input.current?.click()}
            isLoading={progress !== null}
          >
            {value ? 'Change avatar' : 'Upload avatar'}
          </Button>
          {value ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => void remove()}
              disabled={progress !== null}
            >
              Remove avatar
            </Button>
          ) : null}
        </div>
        <input
          ref={input}
          type="file"
          accept="image/*"
          aria-label="Avatar image"
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => void choose(event)}
        />
        {progress !== null ? (
          <progress max={100} value={progress} aria-label="Avatar upload progress" className="h-2 w-40" />
        ) : null}
        <p className="text-sm text-muted-foreground">An image up to 2MB.</p>
        {problem ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {problem}
          </p>
        ) : null}
      </div>
    </div>
  );
}
