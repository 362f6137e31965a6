import * as MESSAGES from '../../../common/messages';
import { isApiError } from '../../lib/api';

export type SignInFailure = { message: string; unverified: boolean };

/** better-auth's answers in the product's words: 401 and an unconfirmed e-mail get their own text, others pass through. */
export function describeSignInError(error: unknown): SignInFailure {
  if (!isApiError(error)) return { message: MESSAGES.generic.unexpected, unverified: false };
  if (error.code === 'EMAIL_NOT_VERIFIED') return { message: MESSAGES.auth.emailNotConfirmed, unverified: true };
  if (error.status === 401) return { message: MESSAGES.auth.invalidCredentials, unverified: false };
  return { message: error.message, unverified: false };
}
