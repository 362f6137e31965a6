/** Shapes every response module builds on. */
import { z } from 'zod';

/** A date and time as JSON carries it: an ISO 8601 string in UTC. */
export const timestamp = z.iso.datetime();

/** `{ ok: true }`: a write that has nothing more to say. */
export const OkSchema = z.object({ ok: z.literal(true) });
export type Ok = z.output<typeof OkSchema>;

/** The body of every error response. */
export const ApiErrorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), fields: z.record(z.string(), z.array(z.string())).optional() }),
});
export type ApiErrorBody = z.output<typeof ApiErrorBodySchema>;

/**
 * One page of a list. `totalCapped`: the matches were counted only so far (`total`), and there are more; lists
 * that can grow large count that way rather than reading every match.
 */
export const paged = <Row extends z.ZodType>(row: Row) =>
  z.object({
    rows: z.array(row),
    total: z.number().int(),
    totalCapped: z.boolean().optional(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
export type Paged<T> = { rows: T[]; total: number; totalCapped?: boolean; page: number; pageSize: number };
