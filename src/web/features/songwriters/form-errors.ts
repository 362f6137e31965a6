import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import * as MESSAGES from '../../../common/messages';
import { isApiError } from '../../lib/api';
import { toast } from '../../lib/toast';

/** A taken username (409) on the username field and in a toast; false for other errors. */
export function applyUsernameTaken<T extends FieldValues & { username: string }>(setError: UseFormSetError<T>, error: unknown): boolean {
  if (!isApiError(error) || error.status !== 409) return false;
  setError('username' as Path<T>, { message: error.message }, { shouldFocus: true });
  toast.error(MESSAGES.songwriters.usernameTakenTitle, { description: error.message });
  return true;
}
