import { and, eq, isNotNull } from 'drizzle-orm';
import type { PackageSize } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import { checkoutReturnPath, PAGE_PATHS } from '../../../common/routes';
import type { PaymentProvider } from '../../adapters/payments';
import type { Db } from '../../db/client';
import { orders, songwriterProfiles, songwriterQuestionnaires } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../accounts/accounts.service';

const m = MESSAGES.songwriters;

/** Step 4 comes after steps 2 and 3: the server holds to the order the sign-up pages show. */
async function assertOnboarded(db: Db, userId: string): Promise<void> {
  const [ready] = await db
    .select({ userId: songwriterProfiles.userId })
    .from(songwriterProfiles)
    .innerJoin(songwriterQuestionnaires, eq(songwriterQuestionnaires.userId, songwriterProfiles.userId))
    .where(and(eq(songwriterProfiles.userId, userId), isNotNull(songwriterProfiles.completedAt)));
  if (!ready) throw new AppError('CONFLICT', m.onboardingIncomplete);
}

/** Creates a pending order for the songwriter (profile and questionnaire done) and a checkout session for it. */
export async function startCheckout({
  db,
  payments,
  actor,
  packageSize,
  publicUrl,
}: {
  db: Db;
  payments: PaymentProvider;
  actor: Actor;
  packageSize: PackageSize;
  publicUrl: string;
}): Promise<{ orderId: string; url: string }> {
  await assertOnboarded(db, actor.id);
  const [order] = await db
    .insert(orders)
    .values({
      songwriterId: actor.id,
      packageSize,
      amountPaidCents: 0,
      paymentStatus: 'pending',
      paymentProvider: payments.kind,
      customerEmail: actor.email,
      customerName: actor.name || null,
    })
    .returning({ id: orders.id });
  const checkout = await payments.createCheckout({
    orderId: order!.id,
    packageSize,
    customerEmail: actor.email,
    successUrl: `${publicUrl}${checkoutReturnPath()}`,
    cancelUrl: `${publicUrl}${PAGE_PATHS.songwriterOrder}`,
  });
  await db.update(orders).set({ checkoutSessionId: checkout.sessionId }).where(eq(orders.id, order!.id));
  const url = checkout.url.startsWith('/') ? `${publicUrl}${checkout.url}` : checkout.url;
  return { orderId: order!.id, url };
}
