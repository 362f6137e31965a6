import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import * as MESSAGES from '../../../common/messages';
import { isApiError } from '../../lib/api';
import { toast } from '../../lib/toast';

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

/** A taken username (409) on the username field and in a toast, as spec section 8 says; false for other errors. */
export function applyUsernameTaken<T extends FieldValues & { username: string }>(setError: UseFormSetError<T>, error: unknown): boolean {
  if (!isApiError(error) || error.status !== 409) return false;
  setError('username' as Path<T>, { message: error.message }, { shouldFocus: true });
  toast.error(MESSAGES.songwriters.usernameTakenTitle, { description: error.message });
  return true;
}
