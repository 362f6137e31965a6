import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api';

/**
 * Puts the server's per-field messages (a 400 from the shared schema) on the form's fields, focusing the
 * first. Returns false when the error named none of them, so the caller shows a toast instead.
 */
export function applyFieldErrors<T extends FieldValues>(setError: UseFormSetError<T>, error: unknown, names: readonly Path<T>[]): boolean {
  if (!isApiError(error) || !error.fields) return false;
  let applied = false;
  for (const name of names) {
    const message = error.fields[name]?.[0];
    if (!message) continue;
    setError(name, { message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
