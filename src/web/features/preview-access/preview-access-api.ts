import { PAGE_PATHS } from '../../../common/routes';
import type { PreviewRequestReceipt } from '../../../common/responses';
import type { PreviewRequestInput } from '../../../common/schemas/preview-access';
import { api } from '../../lib/api';

/**
 * POST /api/preview-requests: 201 with the new request's id. Only a signed-in user asking with their own address
 * learns more: 200 with their open request's id, or 403 when the address is blocked.
 */
export const submitPreviewRequest = (input: PreviewRequestInput) =>
  api<PreviewRequestReceipt>('/api/preview-requests', { method: 'POST', body: input });

/**
 * better-auth sign-up. The reply is the same whether or not the e-mail already has an account (the owner
 * of an existing one is e-mailed instead), so success means only "check your inbox". The confirmation
 * link, opened in the browser that signed up, signs in and lands on /auth, which sends the user where their role
 * belongs; opened elsewhere it confirms the address and /auth asks for the password.
 */
export const signUpForPreview = (input: { email: string; password: string; name: string }) =>
  api<unknown>('/api/auth/sign-up/email', { method: 'POST', body: { ...input, callbackURL: PAGE_PATHS.auth } });

/** What /preview-request hands to /preview-signup besides the query (name is only known to the request form). */
export type PreviewSignupState = { name?: string } | null;

export function previewSignupPath(requestId: string, email: string): string {
  const query = new URLSearchParams({ request_id: requestId, email });
  return `${PAGE_PATHS.previewSignup}?${query.toString()}`;
}
