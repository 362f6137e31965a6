import { z } from 'zod';

/** One dependency's state as readiness found it; `reason` says why it is down (a timeout, an error's code). */
export const DependencyStateSchema = z.object({
  state: z.enum(['up', 'down']),
  reason: z.string().optional(),
});
export type DependencyState = z.output<typeof DependencyStateSchema>;

/**
 * GET /api/health/ready: each dependency's state. `ok` (and 200) when the database and the file store answer;
 * otherwise 503 with the same body. Mail is reported but never makes the instance unready: the outbox keeps
 * e-mails until the relay is back.
 */
export const ReadinessSchema = z.object({
  ok: z.boolean(),
  database: DependencyStateSchema,
  storage: DependencyStateSchema,
  mail: DependencyStateSchema,
});
export type Readiness = z.output<typeof ReadinessSchema>;
