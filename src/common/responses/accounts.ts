import { z } from 'zod';

/** GET /api/me: the signed-in user and roles. */
export const MeResponseSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string(), emailVerified: z.boolean() }).nullable(),
  isAdmin: z.boolean(),
  isPreview: z.boolean(),
  isSongwriter: z.boolean(),
  hasPreviewRequest: z.boolean(),
});
export type MeResponse = z.output<typeof MeResponseSchema>;
