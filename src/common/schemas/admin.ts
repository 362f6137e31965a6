import { z } from 'zod';
import { OUTBOX_STATUSES } from '../constants';

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

export const OutboxQuerySchema = PageQuerySchema.extend({
  status: z.enum(OUTBOX_STATUSES).optional(),
});

export const UuidParamSchema = z.object({ id: z.uuid('Not found') });
