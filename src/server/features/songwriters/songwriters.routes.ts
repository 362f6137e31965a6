import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { UuidParamSchema } from '../../../common/schemas/admin';
import {
  CheckoutSchema,
  ClaimByEmailSchema,
  ClaimBySessionSchema,
  ClaimConfirmSchema,
  SongwriterJoinSchema,
  SongwriterProfileSchema,
  SongwriterQuestionnaireSchema,
  SongwriterSignupSchema,
} from '../../../common/schemas/songwriters';
import type { PaymentProvider } from '../../adapters/payments';
import type { Auth } from '../../auth';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { consumeRateLimit } from '../../lib/rate-limit';
import { validate } from '../../lib/validate';
import * as MESSAGES from '../../../common/messages';
import { actorOf, refuseRole, requireRole } from '../../middleware/require-user';
import {
  claimBySession,
  confirmClaimByEmail,
  getMyOrder,
  listMyOrders,
  requestClaimByEmail,
  startCheckout,
} from '../orders/orders.service';
import { signUpCookieName, signUpCookieOptions, signUpCookieValue } from '../accounts/credentials';
import {
  getDashboardReviews,
  getOnboarding,
  joinAsSongwriter,
  saveProfile,
  saveQuestionnaire,
  signUpSongwriter,
} from './songwriters.service';

interface Deps {
  db: Db;
  auth: Auth;
  config: Config;
  payments: PaymentProvider;
}

/** /api/songwriters: sign-up (public), join (an account of another kind) and everything under /me (songwriters only). */
export function songwriterRoutes({ db, auth, config, payments }: Deps) {
  const emailCtx = { siteName: config.siteName, publicUrl: config.publicUrl };
  const secret = config.authSecret;

  const me = new Hono<AppEnv>()
    .use('*', requireRole('songwriter'))
    .get('/', async (c) => c.json(await getOnboarding({ db, actor: actorOf(c) })))
    .put('/profile', validate('json', SongwriterProfileSchema), async (c) => {
      await saveProfile({ db, actor: actorOf(c), input: c.req.valid('json') });
      return c.json({ ok: true });
    })
    .put('/questionnaire', validate('json', SongwriterQuestionnaireSchema), async (c) => {
      await saveQuestionnaire({ db, actor: actorOf(c), input: c.req.valid('json') });
      return c.json({ ok: true });
    })
    .post('/checkout', validate('json', CheckoutSchema), async (c) =>
      c.json(
        await startCheckout({ db, payments, actor: actorOf(c), packageSize: c.req.valid('json').packageSize, publicUrl: config.publicUrl }),
        201,
      ),
    )
    .get('/orders', async (c) => c.json(await listMyOrders({ db, actor: actorOf(c) })))
    .get('/orders/:id', validate('param', UuidParamSchema), async (c) =>
      c.json(await getMyOrder({ db, actor: actorOf(c), orderId: c.req.valid('param').id })),
    )
    .get('/reviews', async (c) => c.json(await getDashboardReviews({ db, actor: actorOf(c) })))
    .post('/claim', validate('json', ClaimBySessionSchema), async (c) =>
      c.json(await claimBySession({ db, actor: actorOf(c), sessionId: c.req.valid('json').sessionId })),
    )
    .post('/claim-email', validate('json', ClaimByEmailSchema), async (c) => {
      const actor = actorOf(c);
      await consumeRateLimit(db, `claim-email:${actor.id}`, { window: 600, max: 5 });
      return c.json(await requestClaimByEmail({ db, actor, email: c.req.valid('json').email, secret, emailCtx }));
    })
    .post('/claim-email/confirm', validate('json', ClaimConfirmSchema), async (c) =>
      c.json(await confirmClaimByEmail({ db, actor: actorOf(c), token: c.req.valid('json').token, secret })),
    );

  return new Hono<AppEnv>()
    .post('/sign-up', validate('json', SongwriterSignupSchema), async (c) => {
      // The same limit as better-auth's own sign-up: three per ten seconds per address.
      await consumeRateLimit(db, `songwriter-sign-up:${c.get('clientIp')}`, { window: 10, max: 3 });
      const input = c.req.valid('json');
      await signUpSongwriter({ db, auth, input, emailCtx });
      // The verification link signs in only this browser (features/accounts/credentials.ts).
      setCookie(c, signUpCookieName(config.isProduction), signUpCookieValue(secret, input.email), signUpCookieOptions(config.isProduction));
      return c.json({ ok: true });
    })
    .post('/join', refuseRole('admin', MESSAGES.songwriters.joinRefusesAdmin), validate('json', SongwriterJoinSchema), async (c) => {
      const setCookies = await joinAsSongwriter({
        db,
        auth,
        actor: actorOf(c),
        input: c.req.valid('json'),
        headers: c.req.raw.headers,
        emailCtx,
      });
      for (const cookie of setCookies) c.header('Set-Cookie', cookie, { append: true });
      return c.json({ ok: true });
    })
    .route('/me', me);
}
