import { UploadedImageSchema, type UploadedImage } from '@grip/domain';
import { ApiError, NETWORK_ERROR_MESSAGE, queryString } from '@/lib/api-client';
import { UPLOAD_MAX_BYTES, UPLOAD_TEXTS, type UploadPurpose } from '../upload-rules';

/**
 * POST /api/uploads?purpose=… with one file as multipart/form-data.
 *
 * XMLHttpRequest rather than fetch because only it reports upload progress. Progress goes from 0 to
 * 99 while the bytes travel and reaches 100 once the server has checked and stored the image.
 * Failures become an ApiError carrying the server's message, like every other call; an abort
 * rejects with a DOMException named 'AbortError', as fetch does.
 */
export function uploadImage(
  file: File,
  purpose: UploadPurpose,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadedImage> {
  return new Promise<UploadedImage>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    const settle = (outcome: () => void) => {
      signal?.removeEventListener('abort', onAbortSignal);
      outcome();
    };

    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(99, Math.round((event.loaded / event.total) * 100)));
      }
    });
    xhr.addEventListener('load', () =>
      settle(() => {
        const body = parseJson(xhr.responseText);
        if (xhr.status >= 200 && xhr.status < 300) {
          const image = UploadedImageSchema.safeParse(body);
          if (image.success) {
            onProgress?.(100);
            resolve(image.data);
          } else {
            reject(new ApiError(xhr.status, UPLOAD_TEXTS.failedDescription, 'invalid_response'));
          }
          return;
        }
        reject(toApiError(xhr.status, body, purpose));
      }),
    );
    xhr.addEventListener('error', () =>
      settle(() => reject(new ApiError(0, NETWORK_ERROR_MESSAGE, 'network_error'))),
    );
    xhr.addEventListener('abort', () => settle(() => reject(abortError())));
    signal?.addEventListener('abort', onAbortSignal, { once: true });

    xhr.open('POST', `/api/uploads${queryString({ purpose })}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const form = new FormData();
    form.append('file', file, file.name);
    onProgress?.(0);
    xhr.send(form);
  });
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError');
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Our API answers `{ error, message, fields? }`; a proxy in front may answer HTML instead. */
function toApiError(status: number, payload: unknown, purpose: UploadPurpose): ApiError {
  const body = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
  const message =
    typeof body.message === 'string' && body.message.trim() ? body.message : fallbackMessage(status, purpose);
  const code = typeof body.error === 'string' ? body.error : undefined;
  const fields =
    typeof body.fields === 'object' && body.fields !== null
      ? (body.fields as Record<string, string>)
      : undefined;
  return new ApiError(status, message, code, fields);
}

function fallbackMessage(status: number, purpose: UploadPurpose): string {
  if (status === 413) return UPLOAD_TEXTS.tooLargeDescription(UPLOAD_MAX_BYTES[purpose]);
  if (status === 429) return 'Too many attempts. Please wait a moment and try again.';
  if (status >= 500) return 'Something went wrong on our side. Please try again.';
  return UPLOAD_TEXTS.failedDescription;
}
