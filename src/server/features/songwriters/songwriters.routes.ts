import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { OkSchema } from '../../../common/responses/common';
import {
  AccountCreditSchema,
  ClaimedOrdersSchema,
  EmailClaimResultSchema,
  SessionClaimResultSchema,
  SongwriterOrdersSchema,
  StartedCheckoutSchema,
  SubmissionOrderSchema,
} from '../../../common/responses/orders';
import { DashboardReviewsSchema, OnboardingSchema } from '../../../common/responses/songwriters';
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
import { consumeRateLimit, RATE_RULES } from '../../lib/rate-limit';
import { responds } from '../../lib/respond';
import { validate } from '../../lib/validate';
import * as MESSAGES from '../../../common/messages';
import { actorOf } from '../../middleware/require-user';
import { startCheckout, getMyCredit, claimBySession, confirmClaimByEmail, requestClaimByEmail, getMyOrder, listMyOrders } from '../orders';
import { signUpCookieName, signUpCookieOptions, signUpCookieValue } from '../accounts';
import {
  countUnreadForSongwriter,
  getDashboardReviews,
  getOnboarding,
  joinAsSongwriter,
  saveProfile,
  saveQuestionnaire,
  signUpSongwriter,
} from './songwriters.service';
import { endpoint } from '../../middleware/endpoint';
import { UnreadMessageCountSchema } from '../../../common/responses/reviews';

interface Deps {
  db: Db;
  auth: Auth;
  config: Config;
  payments: PaymentProvider;
}

/** /api/songwriters: sign-up (public), join (an account of another kind) and everything under /me (songwriters only). */
export function songwriterRoutes(deps: Deps) {
  const { db, auth, config } = deps;
  const emailCtx = { siteName: config.siteName, publicUrl: config.publicUrl };
  const secret = config.authSecret;
  const me = new Hono<AppEnv>().route('/', myAccountRoutes(deps)).route('/', myOrderRoutes(deps));

  return new Hono<AppEnv>()
    .post(
      '/sign-up',
      endpoint({ access: 'public', summary: 'Create a songwriter account (step 1)' }),
      validate('json', SongwriterSignupSchema),
      responds(OkSchema),
      async (c) => {
        await consumeRateLimit(db, `songwriter-sign-up:${c.get('clientIp')}`, RATE_RULES.songwriterSignUp);
        const input = c.req.valid('json');
        await signUpSongwriter({ db, auth, input, emailCtx });
        // The verification link signs in only this browser (features/accounts/credentials.ts).
        setCookie(
          c,
          signUpCookieName(config.isProduction),
          signUpCookieValue(secret, input.email),
          signUpCookieOptions(config.isProduction),
        );
        return c.var.reply({ ok: true });
      },
    )
    .post(
      '/join',
      endpoint({
        access: 'user-not-admin',
        summary: 'Add the songwriter role and a username to the signed-in account (step 1 for an existing account)',
        refusesAdmin: MESSAGES.songwriters.joinRefusesAdmin,
      }),
      validate('json', SongwriterJoinSchema),
      responds(OkSchema),
      async (c) => {
        const setCookies = await joinAsSongwriter({
          db,
          auth,
          actor: actorOf(c),
          input: c.req.valid('json'),
          headers: c.req.raw.headers,
          emailCtx,
        });
        for (const cookie of setCookies) c.header('Set-Cookie', cookie, { append: true });
        return c.var.reply({ ok: true });
      },
    )
    .route('/me', me);
}

/** /api/songwriters/me: onboarding (the profile and the questionnaire). */
function myAccountRoutes({ db }: Deps) {
  return new Hono<AppEnv>()
    .get(
      '/',
      endpoint({ access: 'songwriter', summary: 'Onboarding state: profile, questionnaire, next step' }),
      responds(OnboardingSchema),
      async (c) => c.var.reply(await getOnboarding({ db, actor: actorOf(c) })),
    )
    .put(
      '/profile',
      endpoint({ access: 'songwriter', summary: 'Save the profile (step 2)' }),
      validate('json', SongwriterProfileSchema),
      responds(OkSchema),
      async (c) => {
        await saveProfile({ db, actor: actorOf(c), input: c.req.valid('json') });
        return c.var.reply({ ok: true });
      },
    )
    .put(
      '/questionnaire',
      endpoint({ access: 'songwriter', summary: 'Save the questionnaire (step 3)' }),
      validate('json', SongwriterQuestionnaireSchema),
      responds(OkSchema),
      async (c) => {
        await saveQuestionnaire({ db, actor: actorOf(c), input: c.req.valid('json') });
        return c.var.reply({ ok: true });
      },
    );
}

/** /api/songwriters/me: checkout, credit, orders, the dashboard's reviews, and claiming orders paid before the account existed. */
function myOrderRoutes({ db, config, payments }: Deps) {
  const emailCtx = { siteName: config.siteName, publicUrl: config.publicUrl };
  const secret = config.authSecret;
  return new Hono<AppEnv>()
    .post(
      '/checkout',
      endpoint({ access: 'songwriter', summary: 'Start a checkout for a review package' }),
      validate('json', CheckoutSchema),
      responds(StartedCheckoutSchema, 201),
      async (c) =>
        c.var.reply(
          await startCheckout({
            db,
            payments,
            actor: actorOf(c),
            packageSize: c.req.valid('json').packageSize,
            fastReview: c.req.valid('json').fastReview,
            publicUrl: config.publicUrl,
            emailCtx,
          }),
        ),
    )
    .get(
      '/credit',
      endpoint({
        access: 'songwriter',
        summary: "The songwriter's account credit, what it takes off each package, and every credit given",
      }),
      responds(AccountCreditSchema),
      async (c) => c.var.reply(await getMyCredit({ db, songwriterId: actorOf(c).id })),
    )
    .get(
      '/orders',
      endpoint({ access: 'songwriter', summary: "The songwriter's paid orders" }),
      responds(SongwriterOrdersSchema),
      async (c) => c.var.reply(await listMyOrders({ db, actor: actorOf(c) })),
    )
    .get(
      '/orders/:id',
      endpoint({ access: 'songwriter', summary: "One of the songwriter's paid orders" }),
      validate('param', UuidParamSchema),
      responds(SubmissionOrderSchema),
      async (c) => c.var.reply(await getMyOrder({ db, actor: actorOf(c), orderId: c.req.valid('param').id })),
    )
    .get(
      '/reviews',
      endpoint({ access: 'songwriter', summary: 'Recent reviews and unread messages' }),
      responds(DashboardReviewsSchema),
      async (c) => c.var.reply(await getDashboardReviews({ db, actor: actorOf(c) })),
    )
    .get(
      '/unread-messages',
      endpoint({ access: 'songwriter', summary: 'How many messages from reviewers the songwriter has yet to read' }),
      responds(UnreadMessageCountSchema),
      async (c) => {
        c.header('Cache-Control', 'private, no-store');
        return c.var.reply({ unread: await countUnreadForSongwriter({ db, actor: actorOf(c) }) });
      },
    )
    .post(
      '/claim',
      endpoint({ access: 'songwriter', summary: 'Claim the paid order of a checkout session' }),
      validate('json', ClaimBySessionSchema),
      responds(SessionClaimResultSchema),
      async (c) => c.var.reply(await claimBySession({ db, actor: actorOf(c), sessionId: c.req.valid('json').sessionId })),
    )
    .post(
      '/claim-email',
      endpoint({ access: 'songwriter', summary: 'Claim orders paid with an e-mail address' }),
      validate('json', ClaimByEmailSchema),
      responds(EmailClaimResultSchema),
      async (c) => {
        const actor = actorOf(c);
        await consumeRateLimit(db, `claim-email:${actor.id}`, RATE_RULES.claimEmail);
        return c.var.reply(await requestClaimByEmail({ db, actor, email: c.req.valid('json').email, secret, emailCtx }));
      },
    )
    .post(
      '/claim-email/confirm',
      endpoint({ access: 'songwriter', summary: 'Confirm a claim by e-mail with its token' }),
      validate('json', ClaimConfirmSchema),
      responds(ClaimedOrdersSchema),
      async (c) => c.var.reply(await confirmClaimByEmail({ db, actor: actorOf(c), token: c.req.valid('json').token, secret })),
    );
}
