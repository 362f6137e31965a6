import { and, eq } from 'drizzle-orm';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { openAPI } from 'better-auth/plugins/open-api';
import * as MESSAGES from '../common/messages';
import { LIMITS } from '../common/constants';
import { PAGE_PATHS } from '../common/routes';
import { AccountFieldsSchema } from '../common/schemas/auth';
import { hasControlCharacters } from '../common/schemas/fields';
import type { Config } from './config';
import type { Db } from './db/client';
import { accounts, rateLimits, sessions, userRoles, users, verifications } from './db/schema';
import { enqueueMail } from './adapters/mail/outbox';
import { pageUrl, type EmailContext } from './emails/layout';
import { existingAccountEmail } from './emails/existing-account';
import { resetPasswordEmail } from './emails/reset-password';
import { verifyEmail } from './emails/verify-email';
import { hashPassword, isCommonPassword, verifyPassword } from './lib/passwords';
import { linkAndGrantPreview } from './features/preview-access/preview-access.service';
import { claimOrdersForVerifiedSongwriter } from './features/orders/claims.service';
import { serializeError, type Logger } from './lib/logger';
import { AUTH_BASE_PATH } from './lib/app-routes';
import {
  afterPasswordChanged,
  admitSignInAttempt,
  clearSignInAttempts,
  isSignInLocked,
  signUpCookieMatches,
  signUpCookieName,
  signUpCookieOptions,
  RESET_IDENTIFIER_PREFIX,
  signUpCookieValue,
  tellOwnersOfLock,
} from './features/accounts/credentials';
import { markVerificationLinkSent, removeStaleUnverifiedAccount, VERIFICATION_LINK_SECONDS } from './features/accounts/unverified-accounts';

/** Set by our own middleware from the socket address, replacing anything the client sent. */
export const CLIENT_IP_HEADER = 'x-pitchroom-client-ip';

/** Auth endpoints whose bodies set the account's own fields (name, image). */
const ACCOUNT_FIELD_PATHS = new Set(['/sign-up/email', '/update-user']);

/** Auth endpoints whose bodies carry a new password. */
const NEW_PASSWORD_FIELDS: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
};

/**
 * Whether any string of a request's body or query, passwords aside, holds a control character: better-auth
 * would look a token or an e-mail holding NUL up in the database, which refuses it with an error. Passwords
 * are only hashed, never stored as text, and are left as typed.
 */
function carriesControlCharacters(value: unknown, key = ''): boolean {
  if (typeof value === 'string') return !/password/i.test(key) && hasControlCharacters(value);
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => carriesControlCharacters(v, k));
  return false;
}

export interface AuthDeps {
  config: Config;
  db: Db;
  logger: Logger;
}

export function createAuth({ config, db, logger }: AuthDeps) {
  const emailCtx: EmailContext = { siteName: config.siteName, publicUrl: config.publicUrl };
  const trustedOrigins = [config.publicUrl];
  // Vite's dev server proxies the API from its own origin.
  if (config.env === 'development') trustedOrigins.push('http://localhost:5173');

  /**
   * What a verified e-mail unlocks: link_and_grant_preview, and the songwriter's orders paid with that
   * address. A failure is only logged; the next sign-in tries again.
   */
  const linkAndGrantSafely = async (user: { id: string; email: string; emailVerified: boolean }) => {
    try {
      await linkAndGrantPreview(db, user);
      await claimOrdersForVerifiedSongwriter(db, user);
    } catch (error) {
      logger.error({ err: error, userId: user.id }, 'linking a verified account failed');
    }
  };
  const linkAfterSignIn = async (userId: string) => {
    const [user] = await db
      .update(users)
      .set({ lastSignInAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ id: users.id, email: users.email, emailVerified: users.emailVerified });
    if (user) await linkAndGrantSafely(user);
  };

  const hasSongwriterRole = async (userId: string) => {
    const [row] = await db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'songwriter')));
    return Boolean(row);
  };
  const resetLinkIsSongwriters = async (token: string) => {
    const [row] = await db
      .select({ role: userRoles.role })
      .from(verifications)
      .innerJoin(userRoles, and(eq(userRoles.userId, verifications.value), eq(userRoles.role, 'songwriter')))
      .where(eq(verifications.identifier, `${RESET_IDENTIFIER_PREFIX}${token}`));
    return Boolean(row);
  };

  /** The common-password refusal for any new password, and the songwriter's minimum for a reset or a change. */
  const checkNewPassword = async (ctx: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]) => {
    const field = NEW_PASSWORD_FIELDS[ctx.path];
    const password = field ? (ctx.body as Record<string, unknown> | undefined)?.[field] : undefined;
    if (typeof password === 'string' && isCommonPassword(password)) {
      throw new APIError('BAD_REQUEST', {
        code: 'PASSWORD_TOO_COMMON',
        message: MESSAGES.validation.passwordTooCommon,
      });
    }
    // A songwriter's password is at least 8 characters, a reset or changed one too. The
    // reset form cannot know whose link it holds, so the server asks the link; a change asks the session.
    if (typeof password === 'string' && password.length < LIMITS.songwriterPasswordMin) {
      let songwriters = false;
      if (ctx.path === '/reset-password') {
        const token = (ctx.body as { token?: unknown } | undefined)?.token ?? ctx.query?.token;
        songwriters = typeof token === 'string' && (await resetLinkIsSongwriters(token));
      } else if (ctx.path === '/change-password') {
        const session = await getSessionFromCtx(ctx);
        songwriters = Boolean(session && (await hasSongwriterRole(session.user.id)));
      }
      if (songwriters)
        throw new APIError('BAD_REQUEST', { code: 'PASSWORD_TOO_SHORT', message: MESSAGES.validation.songwriterPasswordMin });
    }
  };

  const signUpCookie = signUpCookieName(config.isProduction);
  const signUpCookieAttributes = signUpCookieOptions(config.isProduction);
  const bodyEmail = (body: unknown) => {
    const email = (body as { email?: unknown } | undefined)?.email;
    return typeof email === 'string' ? email : undefined;
  };

  const auth = betterAuth({
    appName: config.siteName,
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    trustedOrigins,
    telemetry: { enabled: false },
    // better-auth describes its own endpoints for our OpenAPI document (auth.api.generateOpenAPISchema, read by
    // the server); the plugin's own routes, a second document and a reference page from a CDN, are turned off.
    plugins: [openAPI({ disableDefaultReference: true })],
    disabledPaths: ['/open-api/generate-schema', '/reference'],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: LIMITS.passwordMin,
      maxPasswordLength: LIMITS.passwordMax,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }) => {
        await afterPasswordChanged(db, user, emailCtx);
      },
      password: { hash: hashPassword, verify: verifyPassword },
      sendResetPassword: async ({ user, url }) => {
        await enqueueMail(db, { to: user.email, kind: 'reset-password', ...resetPasswordEmail(emailCtx, { url }) });
      },
      // The reply to a sign-up with a taken e-mail is the same as for a new one; the owner gets this note.
      onExistingUserSignUp: async ({ user }) => {
        await enqueueMail(db, {
          to: user.email,
          kind: 'existing-account',
          ...existingAccountEmail(emailCtx, {
            signInUrl: pageUrl(emailCtx, PAGE_PATHS.auth),
            resetUrl: pageUrl(emailCtx, PAGE_PATHS.forgotPassword),
          }),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_LINK_SECONDS,
      sendVerificationEmail: async ({ user, url }) => {
        await enqueueMail(db, { to: user.email, kind: 'verify-email', ...verifyEmail(emailCtx, { name: user.name, url }) });
      },
      afterEmailVerification: async (user) => {
        await linkAndGrantSafely({ ...user, emailVerified: true });
      },
    },
    databaseHooks: {
      // Signing in also links requests made while signed out (an account that existed before the request).
      session: { create: { after: async (session) => void (await linkAfterSignIn(session.userId)) } },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 10, max: 3 },
        '/sign-up/email': { window: 10, max: 3 },
        '/request-password-reset': { window: 60, max: 3 },
        '/send-verification-email': { window: 60, max: 3 },
        '/reset-password': { window: 60, max: 5 },
      },
    },
    advanced: {
      // better-auth turns its Origin/CSRF checks off by default when NODE_ENV is 'test'; keep them on everywhere.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      useSecureCookies: config.isProduction,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (carriesControlCharacters(ctx.body) || carriesControlCharacters(ctx.query)) {
          throw new APIError('BAD_REQUEST', { code: 'INVALID', message: MESSAGES.validation.controlCharacters });
        }
        // better-auth stores the name and image as sent: our limits apply before it does.
        if (ACCOUNT_FIELD_PATHS.has(ctx.path)) {
          const fields = AccountFieldsSchema.safeParse(ctx.body ?? {});
          if (!fields.success) throw new APIError('BAD_REQUEST', { code: 'INVALID', message: fields.error.issues[0]!.message });
        }
        if (ctx.path === '/sign-in/email') {
          const email = bodyEmail(ctx.body);
          if (email && !(await admitSignInAttempt(db, email))) {
            throw new APIError('TOO_MANY_REQUESTS', { code: 'TOO_MANY_SIGN_IN_ATTEMPTS', message: MESSAGES.auth.tooManySignInAttempts });
          }
          return;
        }
        if (ctx.path === '/sign-up/email') {
          // An address held by an account never verified, past its links' life, goes to whoever signs up now.
          const email = bodyEmail(ctx.body);
          if (email) await removeStaleUnverifiedAccount(db, email);
        }
        if (ctx.path === '/change-password') {
          await checkNewPassword(ctx);
          // A changed password signs out every other session (better-auth keeps the caller's with a new one).
          return { context: { body: { ...(ctx.body as Record<string, unknown>), revokeOtherSessions: true } } };
        }
        await checkNewPassword(ctx);
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        const failed = returned instanceof APIError || returned instanceof Error;
        if (ctx.path === '/sign-in/email') {
          const email = bodyEmail(ctx.body);
          if (!email) return;
          // Signed in, or the right password of an address not yet verified: the attempts so far were the owner's.
          if (!failed || (returned instanceof APIError && returned.statusCode === 403)) await clearSignInAttempts(db, email);
          else if (returned instanceof APIError && returned.statusCode === 401 && (await isSignInLocked(db, email))) {
            await tellOwnersOfLock(db, email, emailCtx);
          }
          return;
        }
        // The browser that asks for a link (at sign-up, or again later) is the one the link may sign in.
        if ((ctx.path === '/sign-up/email' || ctx.path === '/send-verification-email') && !failed) {
          const email = bodyEmail(ctx.body);
          if (!email) return;
          ctx.setCookie(signUpCookie, signUpCookieValue(config.authSecret, email), signUpCookieAttributes);
          if (ctx.path === '/send-verification-email') await markVerificationLinkSent(db, email);
          return;
        }
        if (ctx.path === '/verify-email') {
          // autoSignInAfterVerification signs in whoever opens the link; only the browser that signed up keeps it.
          const created = ctx.context.newSession;
          if (created && !signUpCookieMatches(config.authSecret, ctx.getCookie(signUpCookie), created.user.email)) {
            await ctx.context.internalAdapter.deleteSession(created.session.token);
            ctx.context.setNewSession(null);
            deleteSessionCookie(ctx);
          }
          return;
        }
        if (ctx.path === '/change-password' && !failed) {
          const user = ctx.context.session?.user;
          if (user) await afterPasswordChanged(db, user, emailCtx);
        }
      }),
    },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        const log = level === 'error' ? logger.error.bind(logger) : logger.warn.bind(logger);
        // Its errors (a failed query among them) are logged as ours are, without the query's values.
        log({ source: 'better-auth', args: args.map((arg) => (arg instanceof Error ? serializeError(arg) : arg)) }, message);
      },
    },
  });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
