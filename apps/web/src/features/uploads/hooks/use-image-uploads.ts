import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { isApiError } from '@/lib/api-client';
import { isAbortError, uploadImage } from '../api/upload-image';
import { imageFileProblem, UPLOAD_MAX_BYTES, UPLOAD_TEXTS, type UploadPurpose } from '../upload-rules';

export type ImageUploadStatus = 'uploading' | 'done' | 'error';

export interface ImageUploadItem {
  id: string;
  /** What the thumbnail shows: a local preview while new, the server URL for images already saved. */
  previewUrl: string;
  /** The chosen file's name; null for images that were already saved. */
  fileName: string | null;
  /** 0 to 100. */
  progress: number;
  status: ImageUploadStatus;
  /** The server URL once uploaded (what forms save). */
  url: string | null;
  /** Why the upload failed, in the server's words when it said. */
  error: string | null;
}

export interface UseImageUploadsOptions {
  purpose?: UploadPurpose;
  /** At most this many images in the list (default 10). */
  maxFiles?: number;
  /** Images already saved (edit mode); read on the first render only, use reset() later. */
  initialUrls?: readonly string[];
}

export interface ImageUploads {
  purpose: UploadPurpose;
  maxFiles: number;
  items: readonly ImageUploadItem[];
  /** Server URLs of the uploaded images, in the order shown. */
  urls: string[];
  isUploading: boolean;
  hasErrors: boolean;
  canAddMore: boolean;
  /** Checks the files (type, size, count) and uploads the good ones at once. */
  add(files: FileList | readonly File[]): void;
  /** Cancels the upload if it is still running and forgets the image. */
  remove(id: string): void;
  /** Uploads a failed image again. */
  retry(id: string): void;
  /** Cancels everything and starts again from these saved URLs (default none). */
  reset(initialUrls?: readonly string[]): void;
}

const DEFAULT_MAX_FILES = 10;
const ERROR_TOAST_MS = 8000;

let lastId = 0;
const newId = () => `image-${++lastId}`;

const savedItems = (urls: readonly string[] = []): ImageUploadItem[] =>
  urls.map((url) => ({
    id: newId(),
    previewUrl: url,
    fileName: null,
    progress: 100,
    status: 'done',
    url,
    error: null,
  }));

type Outcome = 'done' | 'error' | 'cancelled';

/**
 * The images of one form: local previews, per-image progress, upload errors with retry, and the
 * server URLs to submit. Previews are object URLs, released when an image is removed, the list is
 * reset or the form goes away; uploads still running then are cancelled.
 */
export function useImageUploads(options: UseImageUploadsOptions = {}): ImageUploads {
  const { purpose = 'request_image', maxFiles = DEFAULT_MAX_FILES } = options;
  const [items, setItems] = useState<ImageUploadItem[]>(() => savedItems(options.initialUrls));
  // The current list outside render: add() must count images that were added moments ago.
  const itemsRef = useRef(items);
  const files = useRef(new Map<string, File>());
  const uploads = useRef(new Map<string, AbortController>());
  const previews = useRef(new Map<string, string>());

  const commit = useCallback((change: (current: ImageUploadItem[]) => ImageUploadItem[]) => {
    itemsRef.current = change(itemsRef.current);
    setItems(itemsRef.current);
  }, []);
  const patch = useCallback(
    (id: string, values: Partial<ImageUploadItem>) =>
      commit((current) => current.map((item) => (item.id === id ? { ...item, ...values } : item))),
    [commit],
  );

  const forget = useCallback((id: string) => {
    uploads.current.get(id)?.abort();
    uploads.current.delete(id);
    const preview = previews.current.get(id);
    if (preview) URL.revokeObjectURL(preview);
    previews.current.delete(id);
    files.current.delete(id);
  }, []);

  const forgetAll = useCallback(() => {
    for (const id of new Set([
      ...files.current.keys(),
      ...uploads.current.keys(),
      ...previews.current.keys(),
    ]))
      forget(id);
  }, [forget]);

  const start = useCallback(
    async (id: string, file: File): Promise<Outcome> => {
      const controller = new AbortController();
      uploads.current.set(id, controller);
      patch(id, { status: 'uploading', progress: 0, error: null });
      try {
        const image = await uploadImage(
          file,
          purpose,
          (progress) => {
            if (!controller.signal.aborted) patch(id, { progress });
          },
          controller.signal,
        );
        if (controller.signal.aborted) return 'cancelled';
        patch(id, { status: 'done', progress: 100, url: image.url });
        return 'done';
      } catch (error) {
        if (controller.signal.aborted || isAbortError(error)) return 'cancelled';
        console.warn('Image upload failed', error);
        const message = isApiError(error) ? error.message : UPLOAD_TEXTS.failedDescription;
        patch(id, { status: 'error', error: message });
        return 'error';
      } finally {
        if (uploads.current.get(id) === controller) uploads.current.delete(id);
      }
    },
    [patch, purpose],
  );

  const announce = useCallback((outcomes: Outcome[]) => {
    const done = outcomes.filter((o) => o === 'done').length;
    if (done > 0)
      toast.success(UPLOAD_TEXTS.uploadedTitle, { description: UPLOAD_TEXTS.uploadedDescription(done) });
    if (outcomes.includes('error')) {
      toast.error(UPLOAD_TEXTS.failedTitle, {
        description: UPLOAD_TEXTS.failedDescription,
        duration: ERROR_TOAST_MS,
      });
    }
  }, []);

  const add = useCallback(
    (chosen: FileList | readonly File[]) => {
      const list = Array.from(chosen);
      const problems = new Set(list.map((file) => imageFileProblem(file, purpose)));
      if (problems.has('invalid_type')) {
        toast.error(UPLOAD_TEXTS.invalidTypeTitle, {
          description: UPLOAD_TEXTS.invalidTypeDescription,
          duration: ERROR_TOAST_MS,
        });
      }
      if (problems.has('too_large')) {
        toast.error(UPLOAD_TEXTS.tooLargeTitle, {
          description: UPLOAD_TEXTS.tooLargeDescription(UPLOAD_MAX_BYTES[purpose]),
          duration: ERROR_TOAST_MS,
        });
      }
      const acceptable = list.filter((file) => imageFileProblem(file, purpose) === null);
      const room = Math.max(0, maxFiles - itemsRef.current.length);
      if (acceptable.length > room) {
        toast.error(UPLOAD_TEXTS.tooManyTitle, {
          description: UPLOAD_TEXTS.tooManyDescription(maxFiles),
          duration: ERROR_TOAST_MS,
        });
      }
      const accepted = acceptable.slice(0, room);
      if (accepted.length === 0) return;

      const added = accepted.map((file): ImageUploadItem => {
        const id = newId();
        const previewUrl = URL.createObjectURL(file);
        files.current.set(id, file);
        previews.current.set(id, previewUrl);
        return {
          id,
          previewUrl,
          fileName: file.name,
          progress: 0,
          status: 'uploading',
          url: null,
          error: null,
        };
      });
      commit((current) => [...current, ...added]);
      void Promise.all(added.map((item) => start(item.id, files.current.get(item.id)!))).then(announce);
    },
    [announce, commit, maxFiles, purpose, start],
  );

  const remove = useCallback(
    (id: string) => {
      forget(id);
      commit((current) => current.filter((item) => item.id !== id));
    },
    [commit, forget],
  );

  const retry = useCallback(
    (id: string) => {
      const file = files.current.get(id);
      const item = itemsRef.current.find((i) => i.id === id);
      if (!file || item?.status !== 'error') return;
      void start(id, file).then((outcome) => announce([outcome]));
    },
    [announce, start],
  );

  const reset = useCallback(
    (initialUrls?: readonly string[]) => {
      forgetAll();
      commit(() => savedItems(initialUrls));
    },
    [commit, forgetAll],
  );

  // Leaving the form cancels its uploads and releases the previews.
  useEffect(() => forgetAll, [forgetAll]);

  return useMemo(() => {
    const urls = items.flatMap((item) => (item.status === 'done' && item.url ? [item.url] : []));
    return {
      purpose,
      maxFiles,
      items,
      urls,
      isUploading: items.some((item) => item.status === 'uploading'),
      hasErrors: items.some((item) => item.status === 'error'),
      canAddMore: items.length < maxFiles,
      add,
      remove,
      retry,
      reset,
    };
  }, [add, items, maxFiles, purpose, remove, reset, retry]);
}
