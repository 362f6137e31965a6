import { z } from 'zod';

/** GET /api/health/ready: the process and its database answer (a failure is a 500). */
export const ReadinessSchema = z.object({ ok: z.literal(true), database: z.literal('ok') });
export type Readiness = z.output<typeof ReadinessSchema>;
