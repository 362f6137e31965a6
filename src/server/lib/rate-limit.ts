import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { AppError } from './app-error';
import * as MESSAGES from '../../common/messages';

export interface RateRule {
  /** Window length in seconds. */
  window: number;
  max: number;
}

/**
 * The rules of the app's own limits, one table so that a limit two routes share is one entry and every number
 * is in one place. Each caller names its key: a client address, an account, a link, a listener and song.
 * better-auth's rules for its own routes are its configuration's, in auth.ts.
 */
export const RATE_RULES = {
  /** Songs a songwriter submits, rewrites counted with them: a package is at most 4 songs, so this leaves room for many retries. */
  submission: { window: 3600, max: 60 },
  /** Reference tracks a buyer uploads for "sounds like": each costs an analysis in the shared worker pool. */
  referenceUpload: { window: 3600, max: 30 },
  /** Per client address, over every public pitch route: a player reports every 15 s, so this is generous for listening and stingy for guessing. */
  pitchPage: { window: 60, max: 120 },
  /** Per buyer: shares made, each of which may email an address they typed, so the app is no mail relay. */
  shareCreate: { window: 3600, max: 30 },
  /** Per protected share and client address: password tries, right or wrong. */
  sharePassword: { window: 15 * 60, max: 5 },
  /** Per protected share, from every address together: a guesser with many addresses is slowed too. */
  sharePasswordPerLink: { window: 15 * 60, max: 30 },
  /** Per link, on top: each reply emails its sender, so a leaked link cannot flood an inbox. */
  pitchReply: { window: 3600, max: 10 },
  /** Per listener and song: new plays (a player each, so a reload or a replay). */
  playStarts: { window: 3600, max: 10 },
  /** Per listener and song: reports on plays (a playing player sends one every PLAY_REPORT_INTERVAL_SECONDS, and on pause, seek and end). */
  playReports: { window: 60, max: 20 },
  /** Per client address: the contact form e-mails the company. */
  contact: { window: 600, max: 5 },
  /** Per client address: requests for preview access, each e-mailed to the admins. */
  previewRequest: { window: 3600, max: 5 },
  /** Per commenter. */
  comment: { window: 60, max: 10 },
  /** Per client address: errors the browser reports. */
  clientErrors: { window: 60, max: 10 },
  /** Per songwriter: claiming orders by email sends a link each time. */
  claimEmail: { window: 600, max: 5 },
  /** Per client address: the same limit as better-auth's own sign-up (auth.ts). */
  songwriterSignUp: { window: 10, max: 3 },
  /** Per account: the password that confirms deleting it. */
  deleteAccountPassword: { window: 15 * 60, max: 10 },
} as const satisfies Record<string, RateRule>;

/**
 * Fixed-window counter in the shared rate_limits table (better-auth keeps its own keys there too), so every
 * instance sees the same count. Our keys start with "app:". Throws TOO_MANY_REQUESTS past the limit.
 */
export async function consumeRateLimit(db: Db, key: string, rule: RateRule, now = Date.now()): Promise<void> {
  const windowStart = now - rule.window * 1000;
  const fullKey = `app:${key}`;
  const result = await db
    .insert(rateLimits)
    .values({ id: randomUUID(), key: fullKey, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.lastRequest} < ${windowStart} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${rateLimits.lastRequest} < ${windowStart} then ${now} else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count });
  if ((result[0]?.count ?? 0) > rule.max) {
    throw new AppError('TOO_MANY_REQUESTS', MESSAGES.generic.tooManyRequests);
  }
}
