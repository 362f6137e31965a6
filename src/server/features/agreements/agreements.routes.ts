import { Hono } from 'hono';
import { z } from 'zod';
import {
  AdminPitchAgreementListSchema,
  PitchAgreementListSchema,
  PitchAgreementSchema,
  PitchPipelineSchema,
} from '../../../common/responses/agreements';
import { UuidParamSchema } from '../../../common/schemas/admin';
import {
  AcceptPitchAgreementSchema,
  DeclinePitchAgreementSchema,
  PitchOfferSchema,
  PitchPipelineQuerySchema,
} from '../../../common/schemas/agreements';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { responds } from '../../lib/respond';
import { validate } from '../../lib/validate';
import { actorOf } from '../../middleware/require-user';
import {
  acceptPitchAgreement,
  declinePitchAgreement,
  getAgreement,
  listAgreements,
  listReviewAgreements,
  offerPitchAgreement,
  pitchPipeline,
  signedAgreementPdf,
  withdrawPitchAgreement,
  type AgreementMail,
} from './agreements.service';
import type { AgreementSongMediaDeps } from './agreement-song';
import { download, endpoint } from '../../middleware/endpoint';

/** A signed agreement's PDF, as a download that no cache keeps. */
const SIGNED_AGREEMENT = download('application/pdf', 'The signed agreement');

const sendPdf = ({ fileName, pdf }: { fileName: string; pdf: Buffer }) =>
  new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
    },
  });

/** /api/pitch-agreements: a songwriter's offers, to read, sign or decline. */
export function songwriterAgreementRoutes({
  db,
  mail,
  songMedia,
}: {
  db: Db;
  mail: AgreementMail;
  songMedia: Omit<AgreementSongMediaDeps, 'db'>;
}) {
  return new Hono<AppEnv>()
    .get(
      '/',
      endpoint({ access: 'songwriter', summary: "The songwriter's pitch agreements, offered and answered, newest first" }),
      responds(PitchAgreementListSchema),
      async (c) => c.var.reply(await listAgreements({ db, songwriterId: actorOf(c).id })),
    )
    .get(
      '/:id',
      endpoint({ access: 'songwriter', summary: 'One pitch agreement with the text to sign' }),
      validate('param', UuidParamSchema),
      responds(PitchAgreementSchema),
      async (c) => c.var.reply(await getAgreement({ db, id: c.req.valid('param').id, songwriterId: actorOf(c).id })),
    )
    .get(
      '/:id/pdf',
      endpoint({ access: 'songwriter', summary: 'The signed agreement as a PDF (application/pdf)', answers: SIGNED_AGREEMENT }),
      validate('param', UuidParamSchema),
      async (c) => sendPdf(await signedAgreementPdf({ db, id: c.req.valid('param').id, songwriterId: actorOf(c).id })),
    )
    .post(
      '/:id/accept',
      endpoint({ access: 'songwriter', summary: "Sign a pitch agreement with one's full legal name" }),
      validate('param', UuidParamSchema),
      validate('json', AcceptPitchAgreementSchema),
      responds(PitchAgreementSchema),
      async (c) =>
        c.var.reply(
          await acceptPitchAgreement({
            db,
            actor: actorOf(c),
            id: c.req.valid('param').id,
            legalName: c.req.valid('json').legalName,
            signedFrom: { ip: c.get('clientIp'), userAgent: c.req.header('user-agent') ?? '' },
            mail,
            songMedia,
          }),
        ),
    )
    .post(
      '/:id/decline',
      endpoint({ access: 'songwriter', summary: 'Decline a pitch agreement, with an optional reason' }),
      validate('param', UuidParamSchema),
      validate('json', DeclinePitchAgreementSchema),
      responds(PitchAgreementSchema),
      async (c) =>
        c.var.reply(
          await declinePitchAgreement({
            db,
            actor: actorOf(c),
            id: c.req.valid('param').id,
            reason: c.req.valid('json').reason ?? null,
            mail,
          }),
        ),
    );
}

/** /api/admin/pitch-pipeline: every pitch agreement by state, mounted under the admin router. */
export function adminPitchPipelineRoutes(db: Db) {
  return new Hono<AppEnv>().get(
    '/',
    endpoint({ access: 'admin', summary: 'Every pitch agreement by stage, with a count per stage' }),
    validate('query', PitchPipelineQuerySchema),
    responds(PitchPipelineSchema),
    async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.var.reply(await pitchPipeline({ db, state: c.req.valid('query').state }));
    },
  );
}

/** /api/admin/pitch-agreements: mounted under the admin router. */
export function adminAgreementRoutes({ db, mail }: { db: Db; mail: AgreementMail }) {
  return new Hono<AppEnv>()
    .get(
      '/',
      endpoint({ access: 'admin', summary: "A review's pitch agreements, newest first" }),
      validate('query', z.object({ reviewId: z.uuid() })),
      responds(AdminPitchAgreementListSchema),
      async (c) => c.var.reply(await listReviewAgreements({ db, reviewId: c.req.valid('query').reviewId })),
    )
    .post(
      '/',
      endpoint({ access: 'admin', summary: 'Offer to pitch a reviewed song, and e-mail the songwriter' }),
      validate('json', PitchOfferSchema),
      responds(PitchAgreementSchema, 201),
      async (c) => c.var.reply(await offerPitchAgreement({ db, actor: actorOf(c), values: c.req.valid('json'), mail })),
    )
    .get(
      '/:id/pdf',
      endpoint({ access: 'admin', summary: 'A signed agreement as a PDF (application/pdf)', answers: SIGNED_AGREEMENT }),
      validate('param', UuidParamSchema),
      async (c) => sendPdf(await signedAgreementPdf({ db, id: c.req.valid('param').id })),
    )
    .post(
      '/:id/withdraw',
      endpoint({ access: 'admin', summary: 'Withdraw an unanswered offer' }),
      validate('param', UuidParamSchema),
      responds(PitchAgreementSchema),
      async (c) => c.var.reply(await withdrawPitchAgreement({ db, actor: actorOf(c), id: c.req.valid('param').id, mail })),
    );
}
