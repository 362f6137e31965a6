import { and, eq, isNull } from 'drizzle-orm';
import { LIMITS } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import type { SubmissionSchema } from '../../../common/schemas/reviews';
import { enqueueMail } from '../../adapters/mail/outbox';
import { AUDIO_KINDS, LYRICS_KINDS, sniffFile } from '../../adapters/storage/sniff';
import type { Storage } from '../../adapters/storage/storage';
import type { Db, DbOrTx } from '../../db/client';
import { orders, songReviews, users } from '../../db/schema';
import type { EmailContext } from '../../emails/layout';
import { submissionReceivedEmail } from '../../emails/submission-received';
import { AppError } from '../../lib/app-error';
import type { UploadedFile } from '../../lib/multipart';
import type { Actor } from '../accounts';
import { insertFile, putFile, removeObjects, type NewStoredFile } from '../files';
import { reviewDueOn } from './due-dates';
import { songwriterSummary } from '../songwriters';
import { isPaidOrder } from '../orders';
import { enqueueAnalysis } from '../audio';
import { answerWithSubmission, assertBriefTakesAnswers } from '../briefs';

const m = MESSAGES.reviews;
type SubmissionValues = ReturnType<typeof SubmissionSchema.parse>;

const paidOrder = (orderId: string, songwriterId: string) =>
  and(eq(orders.id, orderId), eq(orders.songwriterId, songwriterId), isPaidOrder());

/**
 * Whether the order is the songwriter's, paid, and has room for a song: checked before an upload's files are
 * read, and again under the order's lock when the song is stored.
 */
export async function assertOrderTakesSong(db: Db, orderId: string, songwriterId: string): Promise<void> {
  const [order] = await db.select().from(orders).where(paidOrder(orderId, songwriterId));
  if (!order) throw new AppError('NOT_FOUND', m.invalidOrder);
  if (order.songsSubmitted >= order.packageSize) throw new AppError('CONFLICT', m.packageFull);
}

/**
 * A submitted song's audio (a first version or a rewrite): checked by content, then stored. Its waveform, tempo
 * and key are measured after, by the analysis pipeline (insertSubmissionAudio queues it with the row).
 */
export async function putSubmissionAudio(storage: Storage, file: UploadedFile, ownerId: string): Promise<NewStoredFile> {
  if (file.size > LIMITS.submissionAudioMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE', m.audioTooLarge, { audio: [m.audioTooLarge] });
  const sniffed = await sniffFile(file.head, AUDIO_KINDS, file.name);
  if (!sniffed.ok) throw new AppError('INVALID', m.audioNotAllowed, { audio: [m.audioNotAllowed] });
  return putFile({
    storage,
    bucket: 'song-submissions',
    ownerId,
    body: file.stream(),
    contentType: sniffed.mime,
    extension: sniffed.ext,
    originalName: file.name,
  });
}

/** A submitted audio's row, with its analysis queued (the review pages draw its waveform once measured). */
export async function insertSubmissionAudio(tx: DbOrTx, file: NewStoredFile) {
  const row = await insertFile(tx, file);
  await enqueueAnalysis(tx, row);
  return row;
}

async function putLyrics(storage: Storage, file: UploadedFile, ownerId: string): Promise<NewStoredFile> {
  if (file.size > LIMITS.lyricsFileMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE', m.lyricsTooLarge, { lyricsFile: [m.lyricsTooLarge] });
  const bytes = await file.read();
  const sniffed = await sniffFile(bytes, LYRICS_KINDS, file.name);
  if (!sniffed.ok) {
    const message =
      sniffed.reason === 'archive-too-large' || sniffed.reason === 'archive-malformed' ? m.lyricsUnpacksTooLarge : m.lyricsNotAllowed;
    throw new AppError('INVALID', message, { lyricsFile: [message] });
  }
  return putFile({
    storage,
    bucket: 'lyric-submissions',
    ownerId,
    body: bytes,
    contentType: sniffed.mime,
    extension: sniffed.ext,
    originalName: file.name,
  });
}

/**
 * Takes one song of a paid order. The order row is locked for the transaction, so songs arriving at
 * once are numbered one after another and none beyond the package is taken. The files are checked by
 * content and stored first; the review, the count and the admin's e-mail are written together.
 */
export async function submitSong({
  db,
  storage,
  actor,
  values,
  audio,
  lyricsFile,
  mail,
  now = new Date(),
}: {
  db: Db;
  storage: Storage;
  actor: Actor;
  values: SubmissionValues;
  audio?: UploadedFile;
  lyricsFile?: UploadedFile;
  mail: { emailCtx: EmailContext; adminEmail: string };
  /** When the song arrived, which its due day counts from (tests pass their own clock's). */
  now?: Date;
}) {
  await assertOrderTakesSong(db, values.orderId, actor.id);
  if (values.briefId) await assertBriefTakesAnswers(db, values.briefId, now);
  if (!audio) throw new AppError('INVALID', m.audioRequired, { audio: [m.audioRequired] });

  const stored: NewStoredFile[] = [];
  try {
    stored.push(await putSubmissionAudio(storage, audio, actor.id));
    if (lyricsFile) stored.push(await putLyrics(storage, lyricsFile, actor.id));
    return await db.transaction(async (tx) => {
      // The upload took time: an account deleted meanwhile (it holds this row for update) takes no submission.
      const [live] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, actor.id), isNull(users.deletedAt)))
        .for('share');
      if (!live) throw new AppError('UNAUTHENTICATED', MESSAGES.generic.unauthenticated);
      const [locked] = await tx.select().from(orders).where(paidOrder(values.orderId, actor.id)).for('update');
      if (!locked) throw new AppError('NOT_FOUND', m.invalidOrder);
      if (locked.songsSubmitted >= locked.packageSize) throw new AppError('CONFLICT', m.packageFull);
      const songNumber = locked.songsSubmitted + 1;
      const audioRow = await insertSubmissionAudio(tx, stored[0]!);
      const lyricsRow = stored[1] ? await insertFile(tx, stored[1]) : undefined;
      const [review] = await tx
        .insert(songReviews)
        .values({
          songwriterId: actor.id,
          orderId: locked.id,
          songNumber,
          songTitle: values.title,
          audioFileId: audioRow.id,
          lyricsText: values.lyricsText,
          lyricsFileId: lyricsRow?.id ?? null,
          storyArc: values.storyArc,
          aiUsage: values.aiUsage,
          additionalNotes: values.additionalNotes,
          status: 'pending',
          // The turnaround bought with the order: the standard one, or the faster review's.
          dueOn: reviewDueOn(now, locked.turnaroundBusinessDays),
          createdAt: now,
        })
        .returning({ id: songReviews.id, songNumber: songReviews.songNumber, songTitle: songReviews.songTitle });
      // A song answering a brief is refused with it if the brief closed or its deadline passed meanwhile.
      if (values.briefId)
        await answerWithSubmission(tx, { briefId: values.briefId, songwriterId: actor.id, submissionId: review!.id, now });
      await tx
        .update(orders)
        .set({ songsSubmitted: songNumber, paymentStatus: songNumber === locked.packageSize ? 'completed' : locked.paymentStatus })
        .where(eq(orders.id, locked.id));
      const [writer] = await tx.select({ name: songwriterSummary.name }).from(songwriterSummary).where(eq(songwriterSummary.id, actor.id));
      const songwriterName = writer?.name ?? actor.email;
      await enqueueMail(tx, {
        to: mail.adminEmail,
        kind: 'submission-received',
        ...submissionReceivedEmail(mail.emailCtx, { songTitle: values.title, songwriterName, songNumber, packageSize: locked.packageSize }),
      });
      return { ...review!, packageSize: locked.packageSize, songsRemaining: locked.packageSize - songNumber };
    });
  } catch (error) {
    await removeObjects(storage, stored);
    throw error;
  }
}
