import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ResetCountKey, ResetSongwriterPreview, ResetSongwriterResult } from '../../../../common/responses/admin';
import type { ResetSongwriterSchema } from '../../../../common/schemas/admin-ops';
import { api } from '../../../lib/api';

export type ResetSongwriterInput = z.input<typeof ResetSongwriterSchema>;

export type { ResetDone } from '../../../../common/responses/admin';

/** The counts of admin-reset-songwriter, as the server names them, each with its label. */
export const RESET_COUNTS = [
  ['orders_unlinked', 'Orders unlinked'],
  ['review_messages_deleted', 'Review messages deleted'],
  ['song_reviews_deleted', 'Song reviews deleted'],
  ['profiles_deleted', 'Profiles deleted'],
  ['questionnaires_deleted', 'Questionnaires deleted'],
  ['roles_deleted', 'Roles deleted'],
  ['files_deleted', 'Files deleted'],
] as const satisfies readonly (readonly [ResetCountKey, string])[];

/** Who a reset of the address would start over and what would go, asked before the admin confirms. */
export const checkSongwriterReset = (email: string) => api<ResetSongwriterPreview>('/api/admin/reset-songwriter', { query: { email } });

export const resetSongwriter = (input: ResetSongwriterInput) =>
  api<ResetSongwriterResult>('/api/admin/reset-songwriter', { method: 'POST', body: input });

/** A reset changes users, customers, the dashboard's numbers and reviews: every admin list is stale. */
export const invalidateAfterReset = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ['admin'] });
