import { Hono } from 'hono';
import { responds } from '../../lib/respond';
import { OkSchema } from '../../../common/responses/common';
import { StartedPlaySchema } from '../../../common/responses/songs';
import {
  CreatedPitchLinkSchema,
  PitchLinkDetailSchema,
  PitchLinkListSchema,
  PitchPageSchema,
  RevokedPitchLinkSchema,
  SavedSongResponseSchema,
  SentPitchReplySchema,
} from '../../../common/responses/pitching';
import { createMiddleware } from 'hono/factory';
import { UuidParamSchema } from '../../../common/schemas/admin';
import { PitchLinkSchema, PitchReplySchema, ShareUnlockSchema, SongResponseSchema } from '../../../common/schemas/pitching';
import * as MESSAGES from '../../../common/messages';
import { getCookie, setCookie } from 'hono/cookie';
import { AppError } from '../../lib/app-error';
import { isUnlocked, shareUnlockCookie, unlockShare } from './shares.service';
import { NewPlaySchema, PlayReportSchema } from '../../../common/schemas/songs';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { consumeRateLimit, RATE_RULES } from '../../lib/rate-limit';
import { validate } from '../../lib/validate';
import { actorOf } from '../../middleware/require-user';
import { createPitchLink, getPitchLink, listPitchLinks, revokePitchLink } from './pitch-links.service';
import { findLivePitchLink, openPitchPage, startPitchPlay, updatePitchPlay, type LivePitchLink } from './pitch-page.service';
import { sendPitchReply } from './pitch-replies.service';
import { clearSongResponse, setSongResponse, type MailSettings } from './responses.service';
import { sendDownload, lyricSheet, pitchSongForDownload, recordDownload, taggedMp3, type DownloadContact } from '../downloads';
import { pitchDownloader } from '../files';
import type { Storage } from '../../adapters/storage/storage';
import { download, endpoint } from '../../middleware/endpoint';

type PitchEnv = { Variables: AppEnv['Variables'] & { pitchLink: LivePitchLink } };

interface PitchDeps {
  db: Db;
  secret: string;
  /** Cookies marked Secure (production, behind HTTPS). */
  secureCookies: boolean;
  mail: MailSettings;
  storage: Storage;
  contact: DownloadContact;
}

/**
 * /api/pitch/:token: a pitch link's recipient, without an account. The token is checked (after the rate
 * limit) before any input is, so an unknown, revoked or expired link is always the same 404.
 */
export function pitchRoutes(deps: PitchDeps) {
  const { db, secret, mail, secureCookies } = deps;
  const loadLink = createMiddleware<PitchEnv>(async (c, next) => {
    await consumeRateLimit(db, `pitch:${c.get('clientIp')}`, RATE_RULES.pitchPage);
    const token = c.req.param('token') ?? '';
    const link = await findLivePitchLink(db, token);
    // A protected share opens nothing but its password form until this browser gave the password.
    const cookie = getCookie(c, shareUnlockCookie(secureCookies, token).name);
    // Only POST /:token/unlock itself is open before the password; any other path is behind it.
    const unlocking = c.req.method === 'POST' && c.req.path.endsWith(`/${token}/unlock`);
    if (!unlocking && !isUnlocked(secret, link, cookie)) {
      throw new AppError('UNAUTHENTICATED', MESSAGES.pitching.sharePasswordRequired);
    }
    c.set('pitchLink', link);
    await next();
  });
  const listener = (link: LivePitchLink) => ({ kind: 'pitch' as const, pitchLinkId: link.id });

  return (
    new Hono<PitchEnv>()
      // '/:token/*' matches '/:token' itself too.
      .use('/:token/*', loadLink)
      .get(
        '/:token',
        endpoint({ access: 'pitch-link', summary: "A pitch link's page: its message and songs, with stream-only media links" }),
        responds(PitchPageSchema),
        async (c) => {
          c.header('Cache-Control', 'private, no-store');
          return c.var.reply(await openPitchPage({ db, link: c.get('pitchLink'), secret, mail }));
        },
      )
      .post(
        '/:token/plays',
        endpoint({ access: 'pitch-link', summary: "Record the start of a pitch link recipient's play" }),
        validate('json', NewPlaySchema),
        responds(StartedPlaySchema, 201),
        async (c) => {
          const { songId, ...report } = c.req.valid('json');
          return c.var.reply(await startPitchPlay({ db, link: c.get('pitchLink'), songId, report }));
        },
      )
      .patch(
        '/:token/plays/:id',
        endpoint({ access: 'pitch-link', summary: "Update a pitch link recipient's play" }),
        validate('param', UuidParamSchema),
        validate('json', PlayReportSchema),
        responds(OkSchema),
        async (c) => {
          await updatePitchPlay({ db, link: c.get('pitchLink'), id: c.req.valid('param').id, report: c.req.valid('json') });
          return c.var.reply({ ok: true });
        },
      )
      .put(
        '/:token/responses/:id',
        endpoint({ access: 'pitch-link', summary: "A pitch link recipient's hold or pass on a song of the link" }),
        validate('param', UuidParamSchema),
        validate('json', SongResponseSchema),
        responds(SavedSongResponseSchema),
        async (c) =>
          c.var.reply(
            await setSongResponse({
              db,
              listener: listener(c.get('pitchLink')),
              songId: c.req.valid('param').id,
              values: c.req.valid('json'),
              mail,
            }),
          ),
      )
      .delete(
        '/:token/responses/:id',
        endpoint({ access: 'pitch-link', summary: "Clear a pitch link recipient's hold or pass", status: 204 }),
        validate('param', UuidParamSchema),
        async (c) => {
          await clearSongResponse({ db, listener: listener(c.get('pitchLink')), songId: c.req.valid('param').id });
          return c.body(null, 204);
        },
      )
      .post(
        '/:token/unlock',
        endpoint({ access: 'pitch-link', summary: "Give a protected share's password; the browser keeps a cookie for this link" }),
        validate('json', ShareUnlockSchema),
        responds(OkSchema),
        async (c) => {
          const token = c.req.param('token');
          const value = await unlockShare({
            db,
            secret,
            link: c.get('pitchLink'),
            password: c.req.valid('json').password,
            clientIp: c.get('clientIp'),
          });
          if (value) {
            const cookie = shareUnlockCookie(secureCookies, token);
            setCookie(c, cookie.name, value, cookie.options);
          }
          return c.var.reply({ ok: true });
        },
      )
      .post(
        '/:token/replies',
        endpoint({ access: 'pitch-link', summary: "A pitch link recipient's message to the admin who sent the link" }),
        validate('json', PitchReplySchema),
        responds(SentPitchReplySchema, 201),
        async (c) => {
          const link = c.get('pitchLink');
          await consumeRateLimit(db, `pitch-reply:${link.id}`, RATE_RULES.pitchReply);
          return c.var.reply(await sendPitchReply({ db, link, values: c.req.valid('json'), mail }));
        },
      )
      .route('/', pitchDownloadRoutes(deps))
  );
}

/** A link song's downloads, where the link allows them. */
function pitchDownloadRoutes({ db, storage, contact }: PitchDeps) {
  // The song first: one not on this link is a 404, whatever the link allows.
  const downloadable = async (link: LivePitchLink, songId: string) => {
    const found = await pitchSongForDownload(db, link.id, songId);
    return { found, downloader: await pitchDownloader(db, link.id) };
  };
  return new Hono<PitchEnv>()
    .get(
      '/:token/songs/:id/mp3',
      endpoint({
        access: 'pitch-link',
        summary: "A link song's MP3 with its credits in ID3 tags (audio/mpeg), when the link allows downloads",
        answers: download('audio/mpeg', "The song's MP3, its credits and cover in ID3 tags"),
      }),
      validate('param', UuidParamSchema),
      async (c) => {
        const { downloader, found } = await downloadable(c.get('pitchLink'), c.req.valid('param').id);
        const file = await taggedMp3({ db, storage, found, contact });
        await recordDownload(db, downloader, found.song.id, 'mp3');
        return sendDownload(file);
      },
    )
    .get(
      '/:token/songs/:id/lyric-sheet',
      endpoint({
        access: 'pitch-link',
        summary: "A link song's lyric sheet (application/pdf), when the link allows downloads",
        answers: download('application/pdf', "The song's one-page lyric sheet"),
      }),
      validate('param', UuidParamSchema),
      async (c) => {
        const { downloader, found } = await downloadable(c.get('pitchLink'), c.req.valid('param').id);
        const file = await lyricSheet({ found, contact });
        await recordDownload(db, downloader, found.song.id, 'lyric_sheet');
        return sendDownload(file);
      },
    );
}

/** /api/admin/pitch-links: mounted under the admin router. */
export function adminPitchLinkRoutes({ db, mail }: { db: Db; mail: MailSettings }) {
  return new Hono<AppEnv>()
    .get(
      '/',
      endpoint({ access: 'admin', summary: 'Pitch links with status and activity counts' }),
      responds(PitchLinkListSchema),
      async (c) => c.var.reply(await listPitchLinks({ db })),
    )
    .post(
      '/',
      endpoint({ access: 'admin', summary: 'Create a pitch link and e-mail it to its recipient' }),
      validate('json', PitchLinkSchema),
      responds(CreatedPitchLinkSchema, 201),
      async (c) => c.var.reply(await createPitchLink({ db, actor: actorOf(c), values: c.req.valid('json'), mail })),
    )
    .get(
      '/:id',
      endpoint({ access: 'admin', summary: "One pitch link with each song's plays, furthest point and answer" }),
      validate('param', UuidParamSchema),
      responds(PitchLinkDetailSchema),
      async (c) => c.var.reply(await getPitchLink({ db, id: c.req.valid('param').id })),
    )
    .post(
      '/:id/revoke',
      endpoint({ access: 'admin', summary: 'Revoke a pitch link at once' }),
      validate('param', UuidParamSchema),
      responds(RevokedPitchLinkSchema),
      async (c) => c.var.reply(await revokePitchLink({ db, actor: actorOf(c), id: c.req.valid('param').id })),
    );
}
