import * as z from 'zod/mini';
import { OUTBOX_STATUSES } from '../constants';

const whole = (min: number, max: number) => z.coerce.number().check(z.int(), z.minimum(min), z.maximum(max));

export const PageQuerySchema = z.object({
  page: z._default(whole(1, 100_000), 1),
  pageSize: z._default(whole(1, 100), 25),
});

export const OutboxQuerySchema = z.extend(PageQuerySchema, {
  status: z.optional(z.enum(OUTBOX_STATUSES)),
});

export const UuidParamSchema = z.object({ id: z.uuid('Not found') });
