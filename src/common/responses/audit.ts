/** What the admin's audit trail route answers. */
import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_SUBJECT_KINDS } from '../constants';
import { paged, timestamp } from './common';

/** A row of GET /api/admin/audit: who did what to which record, when, and each changed field's before and after. */
export const AuditEventSchema = z.object({
  id: z.string(),
  actorUserId: z.string().nullable(),
  actorEmail: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  subjectKind: z.enum(AUDIT_SUBJECT_KINDS),
  subjectId: z.string(),
  summary: z.string(),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
  createdAt: timestamp,
});
export type AuditEvent = z.output<typeof AuditEventSchema>;

export const AuditPageSchema = paged(AuditEventSchema).extend({
  /** Every admin e-mail the trail holds, for the filter. */
  admins: z.array(z.string()),
});
export type AuditPage = z.output<typeof AuditPageSchema>;
