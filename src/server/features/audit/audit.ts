import type { AuditAction, AuditSubjectKind } from '../../../common/constants';
import type { DbOrTx } from '../../db/client';
import { auditEvents, type AuditChanges } from '../../db/schema';
import type { Actor } from '../accounts';

export interface AuditEntry {
  actor: Pick<Actor, 'id' | 'email'>;
  action: AuditAction;
  subject: { kind: AuditSubjectKind; id: string };
  /** One line an admin reads in the list: whose, or which, record it was. */
  summary: string;
  changes?: AuditChanges;
}

/**
 * Records an admin action in the audit trail. Call it inside the action's own transaction, so the row exists
 * exactly when the change does.
 */
export async function recordAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditEvents).values({
    actorUserId: entry.actor.id,
    actorEmail: entry.actor.email,
    action: entry.action,
    subjectKind: entry.subject.kind,
    subjectId: entry.subject.id,
    summary: entry.summary,
    changes: entry.changes ?? {},
  });
}

type Fields = Record<string, unknown>;

/** A stored value as JSON keeps it: dates as ISO strings, nothing undefined. */
const plain = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value === undefined ? null : value);

/**
 * The fields of `after` whose value differs from `before`, each with both values; a field missing on one side
 * reads as null there (a row made, or deleted). `only` limits it to the fields an action is about.
 */
export function changesOf(before: Fields | null, after: Fields | null, only?: readonly string[]): AuditChanges {
  const keys = only ?? [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes: AuditChanges = {};
  for (const key of keys) {
    const was = plain(before?.[key]);
    const now = plain(after?.[key]);
    if (JSON.stringify(was) !== JSON.stringify(now)) changes[key] = { before: was, after: now };
  }
  return changes;
}
