import { randomUUID } from 'node:crypto';
import { PRICE_PER_SONG_CENTS, type Role } from '../../../common/constants';
import { createVerifiedAccount } from '../../features/accounts/accounts.service';
import type { DbOrTx } from '../client';
import { orders, previewRequests, songwriterProfiles, songwriterQuestionnaires } from '../schema';

/** Factories shared by the demo seed and the tests, so both build data the way the product does. */

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 8)}@example.test`;

export async function makeUser(
  db: DbOrTx,
  { email = uniqueEmail(), password = 'correct horse battery', name = 'Test User', roles = [] as Role[] } = {},
) {
  const user = await createVerifiedAccount({ db, email, password, name, roles });
  return { ...user, password };
}

/** A preview user as an admin-made account is: verified, with an approved, auto-approved request. */
export async function makePreviewUser(db: DbOrTx, options: { email?: string; password?: string; name?: string; company?: string } = {}) {
  const user = await makeUser(db, { ...options, name: options.name ?? 'Preview User', roles: ['preview'] });
  const now = new Date();
  await db.insert(previewRequests).values({
    userId: user.id,
    name: options.name ?? 'Preview User',
    companyName: options.company ?? 'Test Music Publishing',
    email: user.email,
    proAffiliation: 'Not Affiliated',
    projectDescription: 'Looking for songs for an upcoming country record.',
    status: 'approved',
    reviewedAt: now,
    autoApprovedAt: now,
  });
  return user;
}

export async function makeSongwriter(
  db: DbOrTx,
  options: { email?: string; password?: string; username?: string; firstName?: string; lastName?: string } = {},
) {
  const user = await makeUser(db, { ...options, name: options.firstName ?? 'Sam', roles: ['songwriter'] });
  await db.insert(songwriterProfiles).values({
    userId: user.id,
    username: options.username ?? `writer-${user.id.slice(0, 8)}`,
    firstName: options.firstName ?? 'Sam',
    lastName: options.lastName ?? 'Writer',
    email: user.email,
    phone: '615-555-0100',
    streetAddress: '1 Music Square W',
    city: 'Nashville',
    stateProvince: 'TN',
    zip: '37203',
    country: 'United States',
    completedAt: new Date(),
  });
  await db.insert(songwriterQuestionnaires).values({
    userId: user.id,
    yearsWriting: '5',
    songsWritten: '60',
    mostRecentSong: 'Gravel Road Goodbye',
    preferredGenre: 'Country',
    hasPublished: false,
    howFoundUs: 'A co-writer told me',
  });
  return user;
}

/** A paid review package belonging to the songwriter, as the payment fulfilment leaves it. */
export async function makePaidOrder(db: DbOrTx, songwriterId: string, packageSize = 2) {
  const [order] = await db
    .insert(orders)
    .values({
      songwriterId,
      packageSize,
      amountPaidCents: packageSize * PRICE_PER_SONG_CENTS,
      paymentStatus: 'paid',
      paymentProvider: 'test',
      checkoutSessionId: `test_cs_${randomUUID()}`,
      paidAt: new Date(),
    })
    .returning();
  return order!;
}
