import * as z from 'zod/mini';
import { AUDIT_ACTIONS, AUDIT_SUBJECT_KINDS } from '../constants';
import { PageQuerySchema } from './admin';
import { dayField, searchText } from './fields';

const day = z.optional(dayField());

/** GET /api/admin/audit, and the audit page's URL: newest first, filtered by action, admin, subject and days. */
export const AuditQuerySchema = z.extend(PageQuerySchema, {
  action: z.optional(z.enum(AUDIT_ACTIONS)),
  /** The acting admin's e-mail, as recorded. */
  admin: searchText(),
  subjectKind: z.optional(z.enum(AUDIT_SUBJECT_KINDS)),
  /** A subject's id, or words of the summary (an e-mail, a song's title). */
  subject: searchText(),
  from: day,
  to: day,
});
export type AuditQuery = z.output<typeof AuditQuerySchema>;
