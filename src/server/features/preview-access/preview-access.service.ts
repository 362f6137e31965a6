import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { previewAccessStateOf } from '../../../common/constants';
import { canonicalEmail } from '../../../common/email-canonical';
import * as MESSAGES from '../../../common/messages';
import type { CreatePreviewAccountInput, PreviewRequestInput, PreviewRequestListQuery } from '../../../common/schemas/preview-access';
import { enqueueMail } from '../../adapters/mail/outbox';
import type { Db, DbOrTx } from '../../db/client';
import { blockedRequests, previewRequests, users } from '../../db/schema';
import type { EmailContext } from '../../emails/layout';
import { previewAccountCreatedEmail } from '../../emails/preview-account-created';
import { previewApprovedEmail } from '../../emails/preview-approved';
import { previewRequestReceivedEmail } from '../../emails/preview-request-received';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { isCommonPassword } from '../../lib/passwords';
import { createVerifiedAccount, grantRole, revokeRole, type Actor, removeStaleUnverifiedAccount } from '../accounts';
import { likePattern } from '../../lib/like-pattern';
import { canonicalEmailSql } from '../../lib/canonical-email-sql';
import { emailIs } from '../../lib/email-match';
import { changesOf, recordAudit } from '../audit';

const m = MESSAGES.previewAccess;
const lowerEmail = (email: string) => email.trim().toLowerCase();

export interface MailSettings {
  emailCtx: EmailContext;
  adminEmail: string;
}

/** An open request for the same mailbox (canonical form: a "+tag" or Gmail's dots make no new one). */
async function findOpenRequest(db: DbOrTx, email: string) {
  const [open] = await db
    .select({ id: previewRequests.id })
    .from(previewRequests)
    .where(
      and(eq(canonicalEmailSql(previewRequests.email), canonicalEmail(email)), sql`${previewRequests.status} in ('pending', 'approved')`),
    )
    .limit(1);
  return open;
}

/**
 * create_preview_request: refuses a blocked e-mail (compared in canonical form, so a "+tag" or a dotted Gmail
 * variant is blocked too); a repeat from an e-mail with a pending or approved request returns that request
 * instead of a duplicate (a unique index settles simultaneous requests). A signed-in user whose verified
 * e-mail matches is linked at once.
 *
 * Only that user is told which case it was. Anyone else gets the answer a new request gets (201, a fresh
 * id, created) for a new, an open or a blocked address alike, so the form tells nobody which addresses
 * asked before or were turned down; nothing is stored or sent for the last two.
 */
export async function createPreviewRequest({
  db,
  actor,
  input,
  mail,
}: {
  db: Db;
  actor: Actor | null;
  input: PreviewRequestInput;
  mail: MailSettings;
}): Promise<{ id: string; created: boolean }> {
  const email = lowerEmail(input.email);
  const linkedUserId = actor && actor.emailVerified && lowerEmail(actor.email) === email ? actor.id : null;
  const [blocked] = await db
    .select({ id: blockedRequests.id })
    .from(blockedRequests)
    .where(eq(canonicalEmailSql(blockedRequests.email), canonicalEmail(email)))
    .limit(1);
  const asIfNew = () => ({ id: randomUUID(), created: true });
  if (blocked) {
    if (linkedUserId) throw new AppError('FORBIDDEN', m.blocked);
    return asIfNew();
  }

  const existing = await findOpenRequest(db, email);
  if (existing) return linkedUserId ? { id: existing.id, created: false } : asIfNew();

  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(previewRequests)
        .values({ ...input, email, phone: 'N/A', userId: linkedUserId })
        .returning({ id: previewRequests.id });
      await enqueueMail(tx, {
        to: mail.adminEmail,
        replyTo: email,
        kind: 'preview-request-received',
        ...previewRequestReceivedEmail(mail.emailCtx, { ...input, email }),
      });
      return { id: row!.id, created: true };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'preview_requests_open_email_unique')) {
      const winner = await findOpenRequest(db, email);
      if (winner) return linkedUserId ? { id: winner.id, created: false } : asIfNew();
    }
    throw error;
  }
}

/**
 * link_and_grant_preview: runs only once the user's e-mail is verified, so nobody can claim another
 * person's approval by signing up with their address. Links every request with that e-mail and grants
 * the preview role when one of them is approved and not revoked.
 */
export async function linkAndGrantPreview(db: Db, user: { id: string; email: string; emailVerified: boolean }): Promise<boolean> {
  if (!user.emailVerified) return false;
  return db.transaction(async (tx) => {
    await tx
      .update(previewRequests)
      .set({ userId: user.id })
      .where(and(emailIs(previewRequests.email, user.email), isNull(previewRequests.userId)));
    const [approved] = await tx
      .select({ id: previewRequests.id })
      .from(previewRequests)
      .where(and(eq(previewRequests.userId, user.id), eq(previewRequests.status, 'approved'), isNull(previewRequests.revokedAt)));
    if (approved) await grantRole(tx, user.id, 'preview');
    return Boolean(approved);
  });
}

/** A request as its owner reads it. */
const viewColumns = {
  id: previewRequests.id,
  name: previewRequests.name,
  companyName: previewRequests.companyName,
  email: previewRequests.email,
  proAffiliation: previewRequests.proAffiliation,
  projectDescription: previewRequests.projectDescription,
  status: previewRequests.status,
  createdAt: previewRequests.createdAt,
  reviewedAt: previewRequests.reviewedAt,
  autoApprovedAt: previewRequests.autoApprovedAt,
  revokedAt: previewRequests.revokedAt,
};
/** A request as an admin reads it: with the account linked to it. */
const requestColumns = { ...viewColumns, userId: previewRequests.userId };

/** The signed-in user's newest request, by user id or e-mail. */
export async function getMyPreviewRequest({ db, actor }: { db: Db; actor: Actor }) {
  const [row] = await db
    .select(viewColumns)
    .from(previewRequests)
    .where(or(eq(previewRequests.userId, actor.id), emailIs(previewRequests.email, actor.email)))
    .orderBy(desc(previewRequests.createdAt))
    .limit(1);
  return row ?? null;
}

// ---------------------------------------------------------------- admin

export async function listPreviewRequests({ db, query }: { db: Db; query: PreviewRequestListQuery }) {
  const filters: SQL[] = [];
  if (query.status === 'revoked') filters.push(isNotNull(previewRequests.revokedAt));
  else if (query.status === 'approved') filters.push(eq(previewRequests.status, 'approved'), isNull(previewRequests.revokedAt));
  else if (query.status !== 'all') filters.push(eq(previewRequests.status, query.status));
  if (query.q) {
    const pattern = likePattern(query.q);
    filters.push(
      or(ilike(previewRequests.name, pattern), ilike(previewRequests.companyName, pattern), ilike(previewRequests.email, pattern))!,
    );
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...requestColumns, accountEmailVerified: users.emailVerified })
      .from(previewRequests)
      .leftJoin(users, eq(users.id, previewRequests.userId))
      .where(where)
      .orderBy(desc(previewRequests.createdAt), desc(previewRequests.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(previewRequests).where(where),
  ]);
  return { rows, total: total?.total ?? 0, page: query.page, pageSize: query.pageSize };
}

async function lockRequest(tx: DbOrTx, id: string) {
  const [request] = await tx.select().from(previewRequests).where(eq(previewRequests.id, id)).for('update');
  if (!request) throw new AppError('NOT_FOUND', m.requestNotFound);
  return request;
}

/** Approves a pending request, or restores revoked access; needs a linked account. */
export async function approvePreviewRequest({ db, actor, id, mail }: { db: Db; actor: Actor; id: string; mail: MailSettings }) {
  await db.transaction(async (tx) => {
    const request = await lockRequest(tx, id);
    const restorable = request.status === 'approved' && request.revokedAt !== null;
    if (request.status !== 'pending' && !restorable) throw new AppError('CONFLICT', m.notApprovable);
    if (!request.userId) throw new AppError('CONFLICT', m.noLinkedAccount);
    await tx
      .update(previewRequests)
      .set({ status: 'approved', reviewedAt: new Date(), reviewedBy: actor.id, revokedAt: null, revokedBy: null })
      .where(eq(previewRequests.id, id));
    await grantRole(tx, request.userId, 'preview');
    await recordAudit(tx, {
      actor,
      action: 'preview_request.approve',
      subject: { kind: 'preview_request', id },
      summary: `${restorable ? 'Restored' : 'Approved'} preview access for ${request.email}`,
      changes: {
        status: { before: previewAccessStateOf(request), after: 'approved' },
        role: { before: null, after: 'preview' },
      },
    });
    await enqueueMail(tx, { to: request.email, kind: 'preview-approved', ...previewApprovedEmail(mail.emailCtx, { name: request.name }) });
  });
}

/** Rejects a pending request and blocks the e-mail from asking again. */
export async function rejectPreviewRequest({ db, actor, id }: { db: Db; actor: Actor; id: string }) {
  await db.transaction(async (tx) => {
    const request = await lockRequest(tx, id);
    if (request.status !== 'pending') throw new AppError('CONFLICT', m.notPending);
    await tx
      .update(previewRequests)
      .set({ status: 'rejected', reviewedAt: new Date(), reviewedBy: actor.id })
      .where(eq(previewRequests.id, id));
    await tx
      .insert(blockedRequests)
      .values({ email: lowerEmail(request.email), phone: request.phone, blockedBy: actor.id, originalRequestId: request.id })
      .onConflictDoNothing();
    await recordAudit(tx, {
      actor,
      action: 'preview_request.reject',
      subject: { kind: 'preview_request', id },
      summary: `Rejected the preview request of ${request.email}`,
      changes: { status: { before: 'pending', after: 'rejected' } },
    });
  });
}

/** Removes the preview role at once; re-approving restores it. */
export async function revokePreviewAccess({ db, actor, id }: { db: Db; actor: Actor; id: string }) {
  await db.transaction(async (tx) => {
    const request = await lockRequest(tx, id);
    if (request.status !== 'approved' || request.revokedAt) throw new AppError('CONFLICT', m.notRevocable);
    await tx.update(previewRequests).set({ revokedAt: new Date(), revokedBy: actor.id }).where(eq(previewRequests.id, id));
    if (request.userId) await revokeRole(tx, request.userId, 'preview');
    await recordAudit(tx, {
      actor,
      action: 'preview_request.revoke',
      subject: { kind: 'preview_request', id },
      summary: `Revoked preview access of ${request.email}`,
      changes: { status: { before: 'approved', after: 'revoked' }, role: { before: 'preview', after: null } },
    });
  });
}

/** An admin-made preview account: pre-verified, with the preview role and an auto-approved request. */
export async function createPreviewAccount({
  db,
  actor,
  input,
  mail,
}: {
  db: Db;
  actor: Actor;
  input: { email: string; password: string; name: string; companyName: string };
  mail: MailSettings;
}) {
  if (isCommonPassword(input.password)) {
    throw new AppError('INVALID', MESSAGES.validation.passwordTooCommon, { password: [MESSAGES.validation.passwordTooCommon] });
  }
  return db.transaction(async (tx) => {
    // The admin vouches for the address: an account never verified there gives way to this one.
    await removeStaleUnverifiedAccount(tx, input.email, { olderThanMs: 0 });
    const user = await createVerifiedAccount({
      db: tx,
      email: input.email,
      password: input.password,
      name: input.name,
      roles: ['preview'],
    });
    const now = new Date();
    // An earlier open request from this e-mail becomes the approved one; otherwise the account gets its own.
    const [open] = await tx
      .select({ id: previewRequests.id })
      .from(previewRequests)
      .where(and(emailIs(previewRequests.email, user.email), sql`${previewRequests.status} in ('pending', 'approved')`))
      .for('update');
    const approval = {
      status: 'approved' as const,
      userId: user.id,
      reviewedAt: now,
      reviewedBy: actor.id,
      autoApprovedAt: now,
      revokedAt: null,
      revokedBy: null,
    };
    if (open) await tx.update(previewRequests).set(approval).where(eq(previewRequests.id, open.id));
    else
      await tx.insert(previewRequests).values({
        ...approval,
        name: input.name || user.email,
        companyName: input.companyName || '—',
        email: user.email,
        proAffiliation: 'Not Affiliated',
        projectDescription: 'Account created by an admin.',
      });
    await recordAudit(tx, {
      actor,
      action: 'preview_account.create',
      subject: { kind: 'user', id: user.id },
      summary: `Created the preview account ${user.email}`,
      changes: changesOf(null, { email: user.email, name: input.name, companyName: input.companyName, role: 'preview' }),
    });
    await enqueueMail(tx, {
      to: user.email,
      kind: 'preview-account-created',
      ...previewAccountCreatedEmail(mail.emailCtx, { name: input.name, email: user.email }),
    });
    return user;
  });
}

export type { CreatePreviewAccountInput };
