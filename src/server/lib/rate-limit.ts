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
