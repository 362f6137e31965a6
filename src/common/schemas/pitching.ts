import * as z from 'zod/mini';
import { LIMITS, SONG_RESPONSES } from '../constants';
import * as MESSAGES from '../messages';
import { dayField, emailField, idText, isRealDay, optionalText, requiredText } from './fields';

const m = MESSAGES.pitching;
const DAY_MS = 24 * 3600 * 1000;

/**
 * A listener's hold or pass, from the song page and the pitch page alike. Only a hold keeps a note (the
 * artist or project it is held for); a pass drops it.
 */
export const SongResponseSchema = z.pipe(
  z.object({
    response: z.enum(SONG_RESPONSES, { error: m.responseRequired }),
    note: optionalText(LIMITS.holdNoteMax, m.noteTooLong),
  }),
  z.transform((v) => ({ response: v.response, note: v.response === 'hold' ? (v.note ?? null) : null })),
);
export type SongResponseInput = z.input<typeof SongResponseSchema>;
export type SongResponseValues = z.output<typeof SongResponseSchema>;

/** Admin: holds and passes of one song, or of one preview user (newest first). */
const listenerId = () => z.optional(idText(100));

export const AdminResponsesQuerySchema = z.object({
  songId: z.optional(z.uuid()),
  userId: listenerId(),
});

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * A link lives through the end of its expiry date wherever its recipient is: until midnight at UTC-12
 * ("anywhere on earth"), so no time zone has to be known and no recipient loses the last evening.
 */
export function pitchExpiresAt(expiresOn: string): Date {
  return new Date(Date.parse(`${expiresOn}T00:00:00Z`) + 36 * 3600 * 1000);
}

/** The expiry date (YYYY-MM-DD) a link's expires_at stands for: the inverse of pitchExpiresAt. */
export function pitchExpiryDate(expiresAt: string | Date): string {
  return isoDay(new Date(expiresAt).getTime() - 36 * 3600 * 1000);
}

/** The latest expiry date allowed today, and a sensible default (30 days), as YYYY-MM-DD. */
export function pitchExpiryBounds(now = Date.now()) {
  return { max: isoDay(now + LIMITS.pitchLinkMaxDays * DAY_MS), suggested: isoDay(now + 30 * DAY_MS) };
}

/** Who a link is for and until when: the same for an admin's pitch link and a buyer's share. */
const recipientFields = {
  recipientName: requiredText(m.recipientNameRequired, LIMITS.nameMax, MESSAGES.validation.nameTooLong),
  recipientEmail: emailField,
  recipientCompany: optionalText(LIMITS.companyMax, MESSAGES.previewAccess.companyTooLong),
  message: optionalText(LIMITS.pitchMessageMax, m.messageTooLong, { multiLine: true }),
  expiresOn: dayField(m.expiryInvalid).check(
    z.refine((d) => !isRealDay(d) || pitchExpiresAt(d).getTime() > Date.now(), m.expiryPast),
    z.refine((d) => !isRealDay(d) || d <= pitchExpiryBounds().max, m.expiryTooFar),
  ),
};

/** Admin: a shortlist for one named recipient, who gets the link by e-mail. */
export const PitchLinkSchema = z.object({
  ...recipientFields,
  songIds: z.array(z.uuid()).check(
    z.minLength(1, m.songsRequired),
    z.maxLength(LIMITS.pitchSongsMax, m.tooManySongs),
    z.refine((ids) => new Set(ids).size === ids.length, m.songTwice),
  ),
});
export type PitchLinkInput = z.input<typeof PitchLinkSchema>;
export type PitchLinkValues = z.output<typeof PitchLinkSchema>;

/** A share's password: kept as typed (no trimming); blank is none. */
const sharePassword = z.optional(
  z.string().check(
    z.maxLength(LIMITS.sharePasswordMax, m.sharePasswordTooLong),
    z.refine((v) => v === '' || v.length >= LIMITS.sharePasswordMin, m.sharePasswordTooShort),
  ),
);

/**
 * A buyer shares one of their playlists, or one song, with one named recipient: a link of its own, e-mailed
 * from the app (`sendEmail`) or shown once for the buyer to pass on. Download only where the buyer may download.
 */
export const ShareSchema = z
  .object({
    ...recipientFields,
    playlistId: z.optional(z.uuid()),
    songId: z.optional(z.uuid()),
    downloadAllowed: z._default(z.boolean(), false),
    password: sharePassword,
    sendEmail: z._default(z.boolean(), true),
  })
  .check(z.refine((v) => (v.playlistId === undefined) !== (v.songId === undefined), { message: m.shareWhat, path: ['playlistId'] }));
export type ShareInput = z.input<typeof ShareSchema>;
export type ShareValues = z.output<typeof ShareSchema>;

/** The password of a protected share, entered on its page. */
export const ShareUnlockSchema = z.object({
  password: z.string().check(z.minLength(1, m.sharePasswordRequired), z.maxLength(LIMITS.sharePasswordMax, m.sharePasswordWrong)),
});
export type ShareUnlockInput = z.input<typeof ShareUnlockSchema>;

/** A pitch link recipient's reply to the admin who sent the link: the page's form and POST /api/pitch/:token/replies. */
export const PitchReplySchema = z.object({
  message: requiredText(m.replyRequired, LIMITS.pitchReplyMax, m.replyTooLong, { multiLine: true }),
});
export type PitchReplyInput = z.input<typeof PitchReplySchema>;
export type PitchReplyValues = z.output<typeof PitchReplySchema>;

export const PITCH_ACTIVITY_PAGE_SIZE = 50;

/**
 * Admin: the latest holds, passes, link opens and plays, newest first. One listener at most: a preview user
 * (userId) or a pitch link's recipient (pitchLinkId). `cursor` is the previous page's nextCursor.
 */
export const PitchActivityQuerySchema = z
  .object({
    songId: z.optional(z.uuid()),
    userId: listenerId(),
    pitchLinkId: z.optional(z.uuid()),
    limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), PITCH_ACTIVITY_PAGE_SIZE),
    cursor: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,200}$/, m.activityCursorInvalid))),
  })
  .check(z.refine((q) => !(q.userId && q.pitchLinkId), { message: m.activityOneListener, path: ['pitchLinkId'] }));
export type PitchActivityQuery = z.output<typeof PitchActivityQuerySchema>;
