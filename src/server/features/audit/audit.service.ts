import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AuditQuery } from '../../../common/schemas/audit';
import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { cappedCount } from '../../lib/capped-count';
import { likePattern } from '../../lib/like-pattern';

/** The audit trail, newest first, one page at a time; days are whole UTC days, `to` included. */
export async function listAuditEvents({ db, query }: { db: Db; query: AuditQuery }) {
  const filters: SQL[] = [];
  if (query.action) filters.push(eq(auditEvents.action, query.action));
  if (query.admin) filters.push(ilike(auditEvents.actorEmail, likePattern(query.admin)));
  if (query.subjectKind) filters.push(eq(auditEvents.subjectKind, query.subjectKind));
  if (query.subject) filters.push(or(eq(auditEvents.subjectId, query.subject), ilike(auditEvents.summary, likePattern(query.subject)))!);
  if (query.from) filters.push(sql`${auditEvents.createdAt} >= ${query.from}::date`);
  if (query.to) filters.push(sql`${auditEvents.createdAt} < ${query.to}::date + interval '1 day'`);
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, total, admins] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    cappedCount(
      db,
      db
        .select({ one: sql`1` })
        .from(auditEvents)
        .where(where),
      query,
    ),
    db.selectDistinct({ email: auditEvents.actorEmail }).from(auditEvents).orderBy(asc(auditEvents.actorEmail)),
  ]);
  return { rows, ...total, page: query.page, pageSize: query.pageSize, admins: admins.map((a) => a.email) };
}
