import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import * as MESSAGES from '../../../common/messages';
import type { OnboardingStep } from '../../../common/responses/songwriters';
import { PAGE_PATHS } from '../../../common/routes';
import type {
  SongwriterJoinInput,
  SongwriterProfileInput,
  SongwriterQuestionnaireInput,
  SongwriterSignupInput,
} from '../../../common/schemas/songwriters';
import { SongwriterQuestionnaireSchema } from '../../../common/schemas/songwriters';
import { enqueueMail } from '../../adapters/mail/outbox';
import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import {
  accounts,
  orders,
  reviewMessages,
  songReviews,
  songwriterProfiles,
  songwriterQuestionnaires,
  userRoles,
  users,
} from '../../db/schema';
import { pageUrl, type EmailContext } from '../../emails/layout';
import { existingAccountEmail } from '../../emails/existing-account';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { LIMITS } from '../../../common/constants';
import { hashPassword, isCommonPassword, verifyPassword } from '../../lib/passwords';
import {
  type Actor,
  findUserIdByEmail,
  removeStaleUnverifiedAccount,
  admitSignInAttempt,
  clearSignInAttempts,
  isSignInLocked,
  tellOwnersOfLock,
} from '../accounts';
import { isPaidOrder } from '../orders';
import { unreadBy } from './unread-messages';

const m = MESSAGES.songwriters;

async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: songwriterProfiles.userId })
    .from(songwriterProfiles)
    .where(eq(sql`lower(${songwriterProfiles.username})`, username.toLowerCase()));
  return Boolean(row);
}

/**
 * Step 1. The account, its songwriter role and its username are written in one transaction, then the
 * verification e-mail is sent (its link continues to step 2). A taken e-mail gets the same answer as a
 * new one; its owner is told by e-mail instead. A taken username is public and said plainly.
 */
export async function signUpSongwriter({
  db,
  auth,
  input,
  emailCtx,
}: {
  db: Db;
  auth: Auth;
  input: SongwriterSignupInput;
  emailCtx: EmailContext;
}) {
  if (isCommonPassword(input.password)) {
    throw new AppError('INVALID', MESSAGES.validation.passwordTooCommon, { password: [MESSAGES.validation.passwordTooCommon] });
  }
  const takenError = () => new AppError('CONFLICT', m.usernameTaken, { username: [m.usernameTaken] });
  if (await usernameTaken(db, input.username)) throw takenError();

  const email = input.email.trim().toLowerCase();
  // Hash whether or not the e-mail exists, so the answer takes as long either way.
  const passwordHash = await hashPassword(input.password);
  // An address held by an account never verified, past its links' life, goes to whoever signs up now.
  await removeStaleUnverifiedAccount(db, email);
  if (await findUserIdByEmail(db, email)) {
    await enqueueMail(db, {
      to: email,
      kind: 'existing-account',
      ...existingAccountEmail(emailCtx, {
        signInUrl: pageUrl(emailCtx, PAGE_PATHS.auth),
        resetUrl: pageUrl(emailCtx, PAGE_PATHS.forgotPassword),
      }),
    });
    return;
  }
  const id = randomUUID();
  try {
    await db.transaction(async (tx) => {
      await tx.insert(users).values({ id, email, name: input.username, emailVerified: false });
      await tx.insert(accounts).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: passwordHash });
      await tx.insert(userRoles).values({ userId: id, role: 'songwriter' });
      await tx.insert(songwriterProfiles).values({ userId: id, username: input.username, email });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'songwriter_profiles_username_unique')) throw takenError();
    if (isUniqueViolation(error, 'users_email_lower_unique')) return;
    throw error;
  }
  await auth.api.sendVerificationEmail({ body: { email, callbackURL: PAGE_PATHS.songwriterProfile } });
}

/**
 * Step 1 for someone signed in with another kind of account (a preview user, or a songwriter an admin
 * reset): the songwriter role and the username are added to it, in one transaction. Admins are refused:
 * an admin's pages come first wherever they sign in, and a reset never touches an admin.
 *
 * The account's password is asked for, and one shorter than a songwriter's minimum (a preview user's may be
 * 6 characters) is replaced first through better-auth's change-password, which signs out the other
 * sessions and e-mails the owner; the Set-Cookie headers of the caller's new session are returned.
 */
export async function joinAsSongwriter({
  db,
  auth,
  actor,
  input,
  headers,
  emailCtx,
}: {
  db: Db;
  auth: Auth;
  actor: Actor;
  input: SongwriterJoinInput;
  headers: Headers;
  emailCtx: EmailContext;
}): Promise<string[]> {
  if (actor.roles.has('songwriter')) return [];
  const takenError = () => new AppError('CONFLICT', m.usernameTaken, { username: [m.usernameTaken] });
  if (await usernameTaken(db, input.username)) throw takenError();

  // The password is checked as a sign-in checks it, and counts against the same per-address lock: a stolen
  // session must not become a way to guess the password outside it.
  if (!(await admitSignInAttempt(db, actor.email))) throw new AppError('TOO_MANY_REQUESTS', MESSAGES.auth.tooManySignInAttempts);
  const [credential] = await db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, actor.id), eq(accounts.providerId, 'credential')));
  if (!credential?.hash || !(await verifyPassword({ hash: credential.hash, password: input.password }))) {
    if (await isSignInLocked(db, actor.email)) await tellOwnersOfLock(db, actor.email, emailCtx);
    throw new AppError('INVALID', m.joinPasswordWrong, { password: [m.joinPasswordWrong] });
  }
  await clearSignInAttempts(db, actor.email);
  let setCookies: string[] = [];
  if (input.password.length < LIMITS.songwriterPasswordMin) {
    if (!input.newPassword) throw new AppError('INVALID', m.joinPasswordTooShort, { newPassword: [m.joinPasswordTooShort] });
    if (isCommonPassword(input.newPassword)) {
      throw new AppError('INVALID', MESSAGES.validation.passwordTooCommon, { newPassword: [MESSAGES.validation.passwordTooCommon] });
    }
    const changed = await auth.api.changePassword({
      body: { currentPassword: input.password, newPassword: input.newPassword, revokeOtherSessions: true },
      headers,
      returnHeaders: true,
    });
    setCookies = changed.headers.getSetCookie();
  }
  try {
    await db.transaction(async (tx) => {
      await tx.insert(userRoles).values({ userId: actor.id, role: 'songwriter' }).onConflictDoNothing();
      await tx
        .insert(songwriterProfiles)
        .values({ userId: actor.id, username: input.username, email: actor.email })
        .onConflictDoNothing({ target: songwriterProfiles.userId });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'songwriter_profiles_username_unique')) throw takenError();
    throw error;
  }
  return setCookies;
}

/** Where a returning songwriter resumes: the first unfinished step. */
export async function getOnboarding({ db, actor }: { db: Db; actor: Actor }) {
  const [profile] = await db.select().from(songwriterProfiles).where(eq(songwriterProfiles.userId, actor.id));
  const [questionnaire] = await db.select().from(songwriterQuestionnaires).where(eq(songwriterQuestionnaires.userId, actor.id));
  const [orderCount] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.songwriterId, actor.id), isPaidOrder()));
  const nextStep: OnboardingStep = !profile?.completedAt
    ? 'profile'
    : !questionnaire
      ? 'questionnaire'
      : (orderCount?.n ?? 0) === 0
        ? 'order'
        : 'dashboard';
  return {
    username: profile?.username ?? null,
    profile: profile?.completedAt
      ? {
          // Step 2 requires every field; the columns allow null only for the row made at sign-up, before it.
          firstName: profile.firstName ?? '',
          lastName: profile.lastName ?? '',
          email: profile.email ?? '',
          phone: profile.phone ?? '',
          streetAddress: profile.streetAddress ?? '',
          city: profile.city ?? '',
          stateProvince: profile.stateProvince ?? '',
          zip: profile.zip ?? '',
          country: profile.country ?? '',
        }
      : null,
    questionnaire: questionnaire
      ? {
          yearsWriting: questionnaire.yearsWriting,
          songsWritten: questionnaire.songsWritten,
          mostRecentSong: questionnaire.mostRecentSong,
          preferredGenre: questionnaire.preferredGenre,
          hasPublished: questionnaire.hasPublished,
          proAffiliation: questionnaire.proAffiliation,
          howFoundUs: questionnaire.howFoundUs,
        }
      : null,
    nextStep,
  };
}

export async function saveProfile({ db, actor, input }: { db: Db; actor: Actor; input: SongwriterProfileInput }) {
  const values = { ...input, email: input.email.toLowerCase(), completedAt: new Date() };
  const updated = await db
    .update(songwriterProfiles)
    .set(values)
    .where(eq(songwriterProfiles.userId, actor.id))
    .returning({ id: songwriterProfiles.userId });
  // A songwriter made without a profile row (e.g. an older account) gets one named after the e-mail.
  if (updated.length === 0) {
    await db.insert(songwriterProfiles).values({ userId: actor.id, username: `writer-${actor.id.slice(0, 8)}`, ...values });
  }
}

export async function saveQuestionnaire({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Actor;
  input: ReturnType<typeof SongwriterQuestionnaireSchema.parse>;
}) {
  await db
    .insert(songwriterQuestionnaires)
    .values({ userId: actor.id, ...input })
    .onConflictDoUpdate({ target: songwriterQuestionnaires.userId, set: { ...input } });
}
export type { SongwriterQuestionnaireInput };

/**
 * Every review of the songwriter, newest first (the dashboard's Recent Reviews shows 5, each order card its
 * own songs), and how many messages from the reviewer are unread over all of them.
 */
export async function getDashboardReviews({ db, actor }: { db: Db; actor: Actor }) {
  const unreadByReview = db
    .select({ reviewId: reviewMessages.reviewId, unread: count().as('unread') })
    .from(reviewMessages)
    .where(unreadBy(actor.id))
    .groupBy(reviewMessages.reviewId)
    .as('unread_by_review');
  const rows = await db
    .select({
      id: songReviews.id,
      orderId: songReviews.orderId,
      songNumber: songReviews.songNumber,
      round: sql<number>`case when ${songReviews.rewriteOf} is null then 1 else 2 end`.mapWith(Number),
      songTitle: songReviews.songTitle,
      status: songReviews.status,
      readBySongwriter: songReviews.readBySongwriter,
      createdAt: songReviews.createdAt,
      reviewedAt: songReviews.reviewedAt,
      unreadMessages: sql<number>`coalesce(${unreadByReview.unread}, 0)::int`,
    })
    .from(songReviews)
    .leftJoin(unreadByReview, eq(unreadByReview.reviewId, songReviews.id))
    .where(eq(songReviews.songwriterId, actor.id))
    .orderBy(desc(songReviews.createdAt));
  return { reviews: rows, unreadMessages: await countUnreadForSongwriter({ db, actor }) };
}

/** How many messages from the reviewer the songwriter has yet to read, over all their reviews. */
export async function countUnreadForSongwriter({ db, actor }: { db: Db; actor: Actor }): Promise<number> {
  const [unread] = await db
    .select({ n: count() })
    .from(reviewMessages)
    .innerJoin(songReviews, eq(songReviews.id, reviewMessages.reviewId))
    .where(and(eq(songReviews.songwriterId, actor.id), unreadBy(actor.id)));
  return unread?.n ?? 0;
}
