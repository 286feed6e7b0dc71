import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@/lib/api-client';

/** Puts the server's per-field messages (`fields` in an API error) under the matching form fields. */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
): void {
  if (!isApiError(error) || !error.fields) return;
  for (const [name, message] of Object.entries(error.fields)) {
    const field = fieldNames.find((candidate) => candidate === name);
    if (field) setError(field, { type: 'server', message });
  }
}
