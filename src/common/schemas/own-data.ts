import * as z from 'zod/mini';
import { LIMITS } from '../constants';
import * as MESSAGES from '../messages';

/** Deleting one's own account: the password again, so a session left open is not enough. */
export const DeleteAccountSchema = z.object({
  password: z
    .string()
    .check(z.minLength(1, MESSAGES.ownData.passwordRequired), z.maxLength(LIMITS.passwordMax, MESSAGES.validation.passwordMax)),
});
export type DeleteAccountInput = z.output<typeof DeleteAccountSchema>;
