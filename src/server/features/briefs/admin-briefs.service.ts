import { and, eq, sql } from 'drizzle-orm';
import { BRIEF_STATES, type BriefState } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import type { AdminBriefs } from '../../../common/responses/briefs';
import type { Db } from '../../db/client';
import { briefs, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../accounts';
import { recordAudit } from '../audit';
import { requestCompany } from '../preview-access';
import { ownBriefs } from './brief-rows';

const m = MESSAGES.briefs;

/** One state's briefs with their owners and answer counts, and how many briefs each state holds. */
export async function listAdminBriefs({ db, state, now }: { db: Db; state: BriefState; now: Date }): Promise<AdminBriefs> {
  const counted = await db
    .select({ state: briefs.state, count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(briefs)
    .groupBy(briefs.state);
  const stateCounts = Object.fromEntries(
    BRIEF_STATES.map((s) => [s, counted.find((c) => c.state === s)?.count ?? 0]),
  ) as AdminBriefs['stateCounts'];
  const rows = await ownBriefs(db, eq(briefs.state, state), now);
  const ownerIds = [...new Set(rows.map((r) => r.ownerId))];
  const owners = new Map<string, AdminBriefs['briefs'][number]['owner']>();
  for (const ownerId of ownerIds) {
    const [owner] = await db
      .select({ id: users.id, name: users.name, email: users.email, company: requestCompany(sql`"users"."id"`) })
      .from(users)
      .where(eq(users.id, ownerId));
    if (owner) owners.set(ownerId, owner);
  }
  return {
    stateCounts,
    briefs: rows.map(({ ownerId, ...brief }) => ({
      ...brief,
      owner: owners.get(ownerId) ?? { id: ownerId, name: '', email: '', company: null },
    })),
  };
}

/** Puts a buyer's brief live: writers see it from now on. */
export async function approveBrief({ db, actor, id, now }: { db: Db; actor: Actor; id: string; now: Date }) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(briefs)
      .set({ state: 'open', approvedAt: now, approvedBy: actor.id })
      .where(and(eq(briefs.id, id), eq(briefs.state, 'awaiting_approval')))
      .returning({ title: briefs.title });
    if (!row) {
      const [exists] = await tx.select({ id: briefs.id }).from(briefs).where(eq(briefs.id, id));
      throw exists ? new AppError('CONFLICT', m.notAwaitingApproval) : new AppError('NOT_FOUND', m.notFound);
    }
    await recordAudit(tx, {
      actor,
      action: 'brief.approve',
      subject: { kind: 'brief', id },
      summary: row.title,
      changes: { state: { before: 'awaiting_approval', after: 'open' } },
    });
  });
}

/**
 * Ends a brief: closed (also how a brief awaiting approval is turned down) or filled (only one that was open).
 * An ended brief takes no more answers.
 */
export async function closeBrief({
  db,
  actor,
  id,
  state,
  now,
}: {
  db: Db;
  actor: Actor;
  id: string;
  state: 'closed' | 'filled';
  now: Date;
}) {
  await db.transaction(async (tx) => {
    const [brief] = await tx.select({ state: briefs.state, title: briefs.title }).from(briefs).where(eq(briefs.id, id)).for('update');
    if (!brief) throw new AppError('NOT_FOUND', m.notFound);
    if (brief.state === 'closed' || brief.state === 'filled') throw new AppError('CONFLICT', m.alreadyEnded);
    if (state === 'filled' && brief.state !== 'open') throw new AppError('CONFLICT', m.notOpenToFill);
    await tx.update(briefs).set({ state, closedAt: now }).where(eq(briefs.id, id));
    await recordAudit(tx, {
      actor,
      action: 'brief.close',
      subject: { kind: 'brief', id },
      summary: brief.title,
      changes: { state: { before: brief.state, after: state } },
    });
  });
}
