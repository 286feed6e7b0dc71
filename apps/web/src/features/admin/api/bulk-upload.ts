import {
  BULK_UPLOAD_MESSAGES,
  BULK_UPLOAD_PATH,
  BULK_UPLOAD_SAMPLE_CSV,
  BULK_UPLOAD_SAMPLE_FILE_NAME,
  BulkUploadFailureSchema,
  BulkUploadResultSchema,
  type BulkUploadFailure,
  type BulkUploadResult,
} from '@grip/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-blob';

/**
 * The server refused the whole file. For 'No valid businesses found' it still says why each row was
 * dropped (`failed`), so the card can list them.
 */
export class BulkUploadError extends ApiError {
  constructor(
    status: number,
    message: string,
    code: string | undefined,
    readonly failed: BulkUploadFailure[],
  ) {
    super(status, message, code);
  }
}

const RejectedSchema = z.object({
  error: z.string().optional(),
  message: z.string().optional(),
  failed: z.array(BulkUploadFailureSchema).optional(),
});

/**
 * POST /api/admin/businesses/bulk with the CSV as multipart/form-data (field `file`, with its name:
 * the server checks the .csv rule too). XMLHttpRequest rather than fetch because only it reports
 * upload progress: 0 to 99 while the bytes travel; the answer comes once every account is created.
 */
export function uploadBusinessCsv(
  file: File,
  onProgress?: (percent: number) => void,
): Promise<BulkUploadResult> {
  return new Promise<BulkUploadResult>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(99, Math.round((event.loaded / event.total) * 100)));
      }
    });
    xhr.addEventListener('load', () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        const result = BulkUploadResultSchema.safeParse(body);
        if (result.success) {
          onProgress?.(100);
          resolve(result.data);
        } else {
          reject(new ApiError(xhr.status, BULK_UPLOAD_MESSAGES.uploadFailed, 'invalid_response'));
        }
        return;
      }
      const rejected = RejectedSchema.safeParse(body);
      const data = rejected.success ? rejected.data : {};
      reject(
        new BulkUploadError(
          xhr.status,
          data.message?.trim() || BULK_UPLOAD_MESSAGES.uploadFailed,
          data.error,
          data.failed ?? [],
        ),
      );
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE, 'network_error')));
    xhr.open('POST', BULK_UPLOAD_PATH);
    xhr.setRequestHeader('Accept', 'application/json');
    const form = new FormData();
    form.append('file', file, file.name);
    onProgress?.(0);
    xhr.send(form);
  });
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Uploads a CSV; the admin lists and statistics are stale afterwards, so admin queries refetch. */
export function useBulkUpload(onProgress?: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadBusinessCsv(file, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** Saves business-upload-sample.csv, made in the browser from the domain's sample (no request). */
export function downloadSampleCsv() {
  saveBlob(
    new Blob([BULK_UPLOAD_SAMPLE_CSV], { type: 'text/csv;charset=utf-8' }),
    BULK_UPLOAD_SAMPLE_FILE_NAME,
  );
}
