import { check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { AUDIT_ACTIONS, AUDIT_SUBJECT_KINDS } from '../../../common/constants';
import { users } from './auth';
import { createdAt, id, oneOf } from './helpers';

/** A changed field's value before and after the action; null where there was none (a row made or deleted). */
export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

/**
 * The audit trail: one row per admin action that changed someone else's data, written in the action's own
 * transaction (features/audit). Rows are never changed: a trigger (migration 0017) refuses every UPDATE and
 * DELETE but the actor's id set to null when that account is deleted; the actor's e-mail stays in the row.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    subjectKind: text('subject_kind', { enum: AUDIT_SUBJECT_KINDS }).notNull(),
    subjectId: text('subject_id').notNull(),
    summary: text('summary').notNull(),
    changes: jsonb('changes').$type<AuditChanges>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_events_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_events_actor_idx').on(t.actorUserId, t.createdAt.desc()),
    index('audit_events_subject_idx').on(t.subjectId, t.createdAt.desc()),
    check('audit_events_action_check', oneOf(t.action, AUDIT_ACTIONS)),
    check('audit_events_subject_kind_check', oneOf(t.subjectKind, AUDIT_SUBJECT_KINDS)),
  ],
);
