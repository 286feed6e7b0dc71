import {
  ADMIN_EXPORT_PATHS,
  adminExportFileName,
  fileNameFromContentDisposition,
  type AdminExportKind,
} from '@grip/domain';
import { useMutation } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-blob';

/**
 * GET /api/admin/exports/{businesses,users}.csv: downloads the CSV with the session cookie and saves
 * it under the server's file name. A CSV is not JSON, so this does not go through `api`; error answers
 * are still JSON `{ error, message }` and become an ApiError (404 = nothing to export).
 */
export async function downloadExport(kind: AdminExportKind): Promise<{ fileName: string }> {
  let response: Response;
  try {
    response = await fetch(ADMIN_EXPORT_PATHS[kind], {
      headers: { Accept: 'text/csv, application/json' },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'network_error');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: unknown; message?: unknown } | null;
    throw new ApiError(
      response.status,
      typeof body?.message === 'string' ? body.message : 'Export failed.',
      typeof body?.error === 'string' ? body.error : undefined,
    );
  }
  const blob = await response.blob();
  const fileName =
    fileNameFromContentDisposition(response.headers.get('Content-Disposition')) ??
    adminExportFileName(kind, new Date());
  saveBlob(blob, fileName);
  return { fileName };
}

export function useDownloadExport(kind: AdminExportKind) {
  return useMutation({ mutationFn: () => downloadExport(kind) });
}
