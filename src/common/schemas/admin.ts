import * as z from 'zod/mini';
import { OUTBOX_RELEASES, OUTBOX_STATUSES } from '../constants';
import { idText } from './fields';

const whole = (min: number, max: number) => z.coerce.number().check(z.int(), z.minimum(min), z.maximum(max));

export const PageQuerySchema = z.object({
  page: z._default(whole(1, 100_000), 1),
  pageSize: z._default(whole(1, 100), 25),
});

export const OutboxQuerySchema = z.extend(PageQuerySchema, {
  status: z.optional(z.enum(OUTBOX_STATUSES)),
});

/** What to do with the mail a restored backup held: send it, or mark it discarded (the old site may have sent it). */
export const OutboxReleaseSchema = z.object({ held: z.enum(OUTBOX_RELEASES) });

export const UuidParamSchema = z.object({ id: z.uuid('Not found') });

/** A user id in a path: better-auth's ids are not UUIDs. */
export const UserIdParamSchema = z.object({ userId: idText(100) });
