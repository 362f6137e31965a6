import { and, count, desc, eq } from 'drizzle-orm';
import type { CommentStatusFilter } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import type { CommentInput } from '../../../common/schemas/songs';
import type { Db } from '../../db/client';
import { songComments, songs } from '../../db/schema';
import { changesOf, recordAudit } from '../audit';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../accounts';

/** A comment on an active song; it waits for an admin's approval before anyone sees it. */
export async function addComment({ db, actor, slug, input }: { db: Db; actor: Actor; slug: string; input: CommentInput }) {
  const [song] = await db
    .select({ id: songs.id })
    .from(songs)
    .where(and(eq(songs.slug, slug), eq(songs.isActive, true)));
  if (!song) throw new AppError('NOT_FOUND', MESSAGES.songs.notFound);
  const [row] = await db
    .insert(songComments)
    .values({
      songId: song.id,
      userId: actor.id,
      commenterName: input.name,
      commenterEmail: input.email,
      commentText: input.comment,
      isApproved: false,
    })
    .returning({ id: songComments.id, isApproved: songComments.isApproved });
  return row!;
}

export async function listComments({
  db,
  filter,
  page,
  pageSize,
}: {
  db: Db;
  filter: CommentStatusFilter;
  page: number;
  pageSize: number;
}) {
  const where = filter === 'all' ? undefined : eq(songComments.isApproved, filter === 'approved');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: songComments.id,
        songTitle: songs.title,
        songSlug: songs.slug,
        name: songComments.commenterName,
        email: songComments.commenterEmail,
        text: songComments.commentText,
        isApproved: songComments.isApproved,
        createdAt: songComments.createdAt,
      })
      .from(songComments)
      .innerJoin(songs, eq(songs.id, songComments.songId))
      .where(where)
      .orderBy(desc(songComments.createdAt), desc(songComments.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(songComments).where(where),
  ]);
  return { rows, total: total?.total ?? 0, page, pageSize };
}

export async function approveComment({ db, actor, id }: { db: Db; actor: Actor; id: string }) {
  await db.transaction(async (tx) => {
    const [comment] = await tx.select().from(songComments).where(eq(songComments.id, id)).for('update');
    if (!comment) throw new AppError('NOT_FOUND', MESSAGES.songs.commentNotFound);
    await tx.update(songComments).set({ isApproved: true }).where(eq(songComments.id, id));
    await recordAudit(tx, {
      actor,
      action: 'comment.approve',
      subject: { kind: 'comment', id },
      summary: `Approved a comment by ${comment.commenterEmail}`,
      changes: changesOf({ isApproved: comment.isApproved }, { isApproved: true }),
    });
  });
}

export async function deleteComment({ db, actor, id }: { db: Db; actor: Actor; id: string }) {
  await db.transaction(async (tx) => {
    const [comment] = await tx.delete(songComments).where(eq(songComments.id, id)).returning();
    if (!comment) throw new AppError('NOT_FOUND', MESSAGES.songs.commentNotFound);
    await recordAudit(tx, {
      actor,
      action: 'comment.delete',
      subject: { kind: 'comment', id },
      summary: `Deleted a comment by ${comment.commenterEmail}`,
      changes: changesOf({ commentText: comment.commentText, isApproved: comment.isApproved }, null),
    });
  });
}
