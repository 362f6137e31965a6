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
import { accounts, rateLimits, sessions, users, verifications } from './db/schema';
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
  signUpCookieValue,
  tellOwnersOfLock,
} from './features/accounts/credentials';
import { markVerificationLinkSent, removeStaleUnverifiedAccount, VERIFICATION_LINK_SECONDS } from './features/accounts/unverified-accounts';
import { hasSongwriterRole, ownsSession, recordSignIn, resetLinkIsSongwriters } from './features/accounts/auth-lookups';

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

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

interface HookDeps extends AuthDeps {
  emailCtx: EmailContext;
  signUpCookie: string;
  signUpCookieAttributes: ReturnType<typeof signUpCookieOptions>;
}

const bodyEmail = (body: unknown) => {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email : undefined;
};

/**
 * What a verified email unlocks: link_and_grant_preview, and the songwriter's orders paid with that
 * address. A failure is only logged; the next sign-in tries again.
 */
async function linkVerifiedAccount({ db, logger }: AuthDeps, user: { id: string; email: string; emailVerified: boolean }) {
  try {
    await linkAndGrantPreview(db, user);
    await claimOrdersForVerifiedSongwriter(db, user);
  } catch (error) {
    logger.error({ err: error, userId: user.id }, 'linking a verified account failed');
  }
}

/** The common-password refusal for any new password, and the songwriter's minimum for a reset or a change. */
async function checkNewPassword(db: Db, ctx: HookContext) {
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
      songwriters = typeof token === 'string' && (await resetLinkIsSongwriters(db, token));
    } else if (ctx.path === '/change-password') {
      const session = await getSessionFromCtx(ctx);
      songwriters = Boolean(session && (await hasSongwriterRole(db, session.user.id)));
    }
    if (songwriters) throw new APIError('BAD_REQUEST', { code: 'PASSWORD_TOO_SHORT', message: MESSAGES.validation.songwriterPasswordMin });
  }
}

/**
 * better-auth's revoke-session answers 200 whatever the token, ending only a session of the caller's: a token
 * that names none of them (another's, an old one, a typo) is refused plainly instead of seeming to work.
 */
async function checkRevokedSession(db: Db, ctx: HookContext) {
  const caller = await getSessionFromCtx(ctx);
  const token = (ctx.body as { token?: unknown } | undefined)?.token;
  // Without a session or a token better-auth answers itself (401, 400).
  if (!caller || typeof token !== 'string') return;
  if (!(await ownsSession(db, caller.user.id, token)))
    throw new APIError('NOT_FOUND', { code: 'SESSION_NOT_FOUND', message: MESSAGES.auth.sessionNotFound });
}

/** Our checks before better-auth handles a request: field limits, sign-in lockout, new-password rules. */
function beforeHook({ db }: HookDeps) {
  return createAuthMiddleware(async (ctx) => {
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
    if (ctx.path === '/revoke-session') return checkRevokedSession(db, ctx);
    if (ctx.path === '/sign-up/email') {
      // An address held by an account never verified, past its links' life, goes to whoever signs up now.
      const email = bodyEmail(ctx.body);
      if (email) await removeStaleUnverifiedAccount(db, email);
    }
    if (ctx.path === '/change-password') {
      await checkNewPassword(db, ctx);
      // A changed password signs out every other session (better-auth keeps the caller's with a new one).
      return { context: { body: { ...(ctx.body as Record<string, unknown>), revokeOtherSessions: true } } };
    }
    await checkNewPassword(db, ctx);
  });
}

/** What follows better-auth's answer: sign-in attempts, the sign-up cookie, verification sign-ins, password changes. */
function afterHook({ config, db, emailCtx, signUpCookie, signUpCookieAttributes }: HookDeps) {
  return createAuthMiddleware(async (ctx) => {
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
  });
}

/** Password sign-in: our hashing and length limits, and the emails it sends. */
function emailAndPassword({ db, emailCtx }: HookDeps) {
  return {
    enabled: true,
    requireEmailVerification: true,
    minPasswordLength: LIMITS.passwordMin,
    maxPasswordLength: LIMITS.passwordMax,
    revokeSessionsOnPasswordReset: true,
    onPasswordReset: async ({ user }: { user: { id: string; email: string; name: string } }) => {
      await afterPasswordChanged(db, user, emailCtx);
    },
    password: { hash: hashPassword, verify: verifyPassword },
    sendResetPassword: async ({ user, url }: { user: { email: string }; url: string }) => {
      await enqueueMail(db, { to: user.email, kind: 'reset-password', ...resetPasswordEmail(emailCtx, { url }) });
    },
    // The reply to a sign-up with a taken email is the same as for a new one; the owner gets this note.
    onExistingUserSignUp: async ({ user }: { user: { email: string } }) => {
      await enqueueMail(db, {
        to: user.email,
        kind: 'existing-account',
        ...existingAccountEmail(emailCtx, {
          signInUrl: pageUrl(emailCtx, PAGE_PATHS.auth),
          resetUrl: pageUrl(emailCtx, PAGE_PATHS.forgotPassword),
        }),
      });
    },
  };
}

export function createAuth(deps: AuthDeps) {
  const { config, db, logger } = deps;
  const trustedOrigins = [config.publicUrl];
  // Vite's dev server proxies the API from its own origin.
  if (config.env === 'development') trustedOrigins.push('http://localhost:5173');
  const hookDeps: HookDeps = {
    ...deps,
    emailCtx: { siteName: config.siteName, publicUrl: config.publicUrl },
    signUpCookie: signUpCookieName(config.isProduction),
    signUpCookieAttributes: signUpCookieOptions(config.isProduction),
  };
  const { emailCtx } = hookDeps;

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
    emailAndPassword: emailAndPassword(hookDeps),
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_LINK_SECONDS,
      sendVerificationEmail: async ({ user, url }) => {
        await enqueueMail(db, { to: user.email, kind: 'verify-email', ...verifyEmail(emailCtx, { name: user.name, url }) });
      },
      afterEmailVerification: async (user) => {
        await linkVerifiedAccount(deps, { ...user, emailVerified: true });
      },
    },
    databaseHooks: {
      // Signing in also links requests made while signed out (an account that existed before the request).
      session: {
        create: {
          after: async (session) => {
            const user = await recordSignIn(db, session.userId);
            if (user) await linkVerifiedAccount(deps, user);
          },
        },
      },
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
    hooks: { before: beforeHook(hookDeps), after: afterHook(hookDeps) },
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
