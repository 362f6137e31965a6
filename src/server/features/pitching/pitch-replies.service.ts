import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PitchLinkDetail, SentPitchReply } from '../../../common/responses';
import { adminPitchLinkPath, PAGE_PATHS, pathTo } from '../../../common/routes';
import type { PitchReplyValues } from '../../../common/schemas/pitching';
import { enqueueMail } from '../../adapters/mail/outbox';
import type { Db, DbOrTx } from '../../db/client';
import { pitchLinkReplies, pitchLinks, users } from '../../db/schema';
import { pageUrl } from '../../emails/layout';
import { pitchReplyEmail } from '../../emails/pitch-reply';
import type { LivePitchLink } from './pitch-page.service';
import type { MailSettings } from './responses.service';

/** Who a pitch link is from, as its page shows them; the company is the site's. */
export interface PitchSender {
  name: string;
  company: string;
  email: string;
}

/**
 * The admin who made the link. A link whose admin account is gone is from the company itself: its name
 * and notify address, so a reply still reaches someone.
 */
export async function pitchSender(db: DbOrTx, pitchLinkId: string, mail: MailSettings): Promise<PitchSender> {
  const [row] = await db
    .select({ name: users.name, email: users.email, kind: pitchLinks.kind, buyerCompany: sharerCompany })
    .from(pitchLinks)
    .innerJoin(users, and(eq(users.id, pitchLinks.createdBy), isNull(users.deletedAt)))
    .where(eq(pitchLinks.id, pitchLinkId));
  const site = mail.emailCtx.siteName;
  if (!row) return { name: site, company: site, email: mail.adminEmail };
  // A buyer's share is from them and their company, never from us.
  const company = row.kind === 'share' ? (row.buyerCompany ?? '') : site;
  return { name: row.name || row.email, company, email: row.email };
}

/** The company of a sharing buyer: the one named in their latest approved request for access. */
export const sharerCompany = sql<string | null>`(select pr.company_name from preview_requests pr
  where pr.user_id = pitch_links.created_by and pr.status = 'approved' order by pr.created_at desc limit 1)`;

/**
 * Stores the recipient's reply and e-mails it to the link's sender in one transaction, so the admin has it in
 * the app and in the inbox or in neither. The e-mail's Reply-To is the recipient, so answering is one click.
 */
export async function sendPitchReply({
  db,
  link,
  values,
  mail,
}: {
  db: Db;
  link: LivePitchLink;
  values: PitchReplyValues;
  mail: MailSettings;
}): Promise<SentPitchReply> {
  return db.transaction(async (tx) => {
    const [reply] = await tx
      .insert(pitchLinkReplies)
      .values({ pitchLinkId: link.id, message: values.message })
      .returning({ id: pitchLinkReplies.id, createdAt: pitchLinkReplies.createdAt });
    const [recipient] = await tx.select({ email: pitchLinks.recipientEmail }).from(pitchLinks).where(eq(pitchLinks.id, link.id));
    const sender = await pitchSender(tx, link.id, mail);
    const share = link.kind === 'share';
    await enqueueMail(tx, {
      to: sender.email,
      replyTo: recipient!.email,
      kind: 'pitch-reply',
      ...pitchReplyEmail(mail.emailCtx, {
        recipientName: link.recipientName,
        recipientEmail: recipient!.email,
        recipientCompany: link.recipientCompany,
        message: values.message,
        url: pageUrl(mail.emailCtx, share ? pathTo(PAGE_PATHS.share, { id: link.id }) : adminPitchLinkPath(link.id)),
        share,
      }),
    });
    return { id: reply!.id, createdAt: reply!.createdAt.toISOString() };
  });
}

/**
 * A link's replies, oldest first, as they stood before this read; then marks them read (when its sender reads),
 * as opening a review's conversation does, so the sidebar's count drops once they have been seen.
 */
export async function readPitchReplies(db: Db, pitchLinkId: string, markRead = true): Promise<PitchLinkDetail['replies']> {
  const rows = await db
    .select({
      id: pitchLinkReplies.id,
      message: pitchLinkReplies.message,
      createdAt: pitchLinkReplies.createdAt,
      readAt: pitchLinkReplies.readAt,
    })
    .from(pitchLinkReplies)
    .where(eq(pitchLinkReplies.pitchLinkId, pitchLinkId))
    .orderBy(asc(pitchLinkReplies.createdAt), asc(pitchLinkReplies.id));
  // Only the replies this answer shows: one written meanwhile stays new until it is shown.
  const shownUnread = rows.filter((r) => r.readAt === null).map((r) => r.id);
  if (markRead && shownUnread.length > 0) {
    await db
      .update(pitchLinkReplies)
      .set({ readAt: sql`now()` })
      .where(and(inArray(pitchLinkReplies.id, shownUnread), isNull(pitchLinkReplies.readAt)));
  }
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), readAt: r.readAt ? r.readAt.toISOString() : null }));
}
