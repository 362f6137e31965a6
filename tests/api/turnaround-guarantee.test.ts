import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { SiteSettingsSchema } from '../../src/common/schemas/settings';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { makePaidOrder, makeSongwriter, makeUser } from '../../src/server/db/seed/factories';
import { accountCredits, orders, songReviews } from '../../src/server/db/schema';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { fullRubric, signedInClient } from './helpers';

/**
 * The turnaround guarantee (decisions 0094, 0095): a review first sent after its due day (Nashville) credits its
 * fee back once, with an e-mail, even when two sends race; the faster review has its own price and due day.
 * The app runs on the test's clock, moved by hand: no sleeping.
 */

const m = MESSAGES.credits;
const s = MESSAGES.settings;
let clock = new Date('2027-03-01T15:00:00Z'); // Monday March 1, 9:00 in Nashville
let t: TestApp;
let admin: TestClient;

const COMPANY = {
  companyLegalName: 'Pitchroom Music Group, LLC',
  companyAddress: '1200 Music Row\nNashville, TN 37212',
  contactEmail: 'legal@pitchroom.example',
  governingLaw: 'the State of Tennessee',
  commenterDisplay: 'anonymous',
} as const;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  admin = await signedInClient(t, await makeUser(t.db, { roles: ['admin'] }));
});
afterAll(() => t.close());

async function writer() {
  const user = await makeSongwriter(t.db);
  return { user, client: await signedInClient(t, user) };
}

/** A song of the order submitted through the API at the clock's time; its review's id. */
async function submit(client: TestClient, orderId: string, title: string): Promise<string> {
  const form = new FormData();
  form.set(
    'data',
    JSON.stringify({ orderId, title, storyArc: 'Leaving home down a gravel road.', aiUsage: 'No AI was used at all.', agreed: true }),
  );
  form.set('audio', new Blob([new Uint8Array(synthesizeMp3({ seconds: 1, seed: 5 }))]), 'song.mp3');
  const res = await client.sendForm('POST', '/api/submissions', form);
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

const send = (reviewId: string) =>
  admin.post(`/api/admin/reviews/${reviewId}/send`, { text: 'A strong hook; tighten verse two.', ...fullRubric() });
const dueOf = async (reviewId: string) => (await t.db.select().from(songReviews).where(eq(songReviews.id, reviewId)))[0]!.dueOn;
const creditsOf = (songwriterId: string) => t.db.select().from(accountCredits).where(eq(accountCredits.songwriterId, songwriterId));
const lateMails = async (email: string) => (await t.mailsTo(email)).filter((mail) => mail.kind === 'late-review-credit');

describe('the turnaround guarantee', () => {
  test('a review sent on its due day, late in the evening in Nashville, credits nothing', async () => {
    clock = new Date('2027-03-01T15:00:00Z');
    const { user, client } = await writer();
    const order = await makePaidOrder(t.db, user.id, 1);
    const id = await submit(client, order.id, 'On Time');
    expect(await dueOf(id)).toBe('2027-03-15');
    // 23:00 on March 15 in Nashville is already March 16 in UTC: still the due day.
    clock = new Date('2027-03-16T04:00:00Z');
    expect((await send(id)).status).toBe(200);
    expect(await creditsOf(user.id)).toEqual([]);
    expect(await lateMails(user.email)).toEqual([]);
    expect((await client.get('/api/songwriters/me/credit')).body).toMatchObject({ availableCents: 0, history: [] });
  });

  test('a review sent a day late credits its fee once, with one e-mail; sending it again changes nothing', async () => {
    clock = new Date('2027-03-01T15:00:00Z');
    const { user, client } = await writer();
    const order = await makePaidOrder(t.db, user.id, 2);
    const id = await submit(client, order.id, 'Gravel Road');
    clock = new Date('2027-03-16T14:00:00Z');
    expect((await send(id)).status).toBe(200);
    expect((await send(id)).status).toBe(200);

    expect(await creditsOf(user.id)).toMatchObject([{ lateReviewId: id, daysLate: 1, amountCents: 2500, orderId: null }]);
    const mails = await lateMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('A $25.00 credit: your review of "Gravel Road" came late');
    expect(mails[0]!.textBody).toContain(m.lateReason('Gravel Road', 1));

    const credit = (await client.get('/api/songwriters/me/credit')).body;
    expect(credit.availableCents).toBe(2500);
    expect(credit.history).toMatchObject([
      { reason: 'late_review', songTitle: 'Gravel Road', daysLate: 1, amountCents: 2500, spent: false },
    ]);
    expect(m.lateReason('Gravel Road', 1)).toBe('Your review of “Gravel Road” came a day late; here is a credit.');
    expect(credit.packages[0]).toEqual({ packageSize: 1, listPriceCents: 2500, creditCents: 2500, dueCents: 0 });

    // The credit pays the writer's next package.
    const next = await client.post('/api/songwriters/me/checkout', { packageSize: 1 });
    expect(next.status, next.text).toBe(201);
    expect(next.body.paidWithCredit).toBe(true);
    expect((await client.get('/api/songwriters/me/credit')).body.history).toMatchObject([{ reason: 'late_review', spent: true }]);
  });

  test('a late first round credited back is not credited again when its rewrite is signed for pitching', async () => {
    clock = new Date('2027-03-01T15:00:00Z');
    const { user, client } = await writer();
    const order = await makePaidOrder(t.db, user.id, 1);
    const id = await submit(client, order.id, 'Second Draft');
    clock = new Date('2027-03-17T14:00:00Z');
    expect((await send(id)).status).toBe(200);
    // The rewrite round, reviewed pitch-ready; the agreement is offered and signed on it.
    const [first] = await t.db.select().from(songReviews).where(eq(songReviews.id, id));
    const [rewrite] = await t.db
      .insert(songReviews)
      .values({
        songwriterId: user.id,
        orderId: order.id,
        songNumber: first!.songNumber,
        songTitle: 'Second Draft',
        storyArc: first!.storyArc,
        aiUsage: first!.aiUsage,
        rewriteOf: id,
        rewriteNote: 'Tightened verse two.',
        status: 'reviewed',
        adminReview: 'Pitch-ready now.',
        reviewedAt: clock,
      })
      .returning();
    const offered = await admin.post('/api/admin/pitch-agreements', { reviewId: rewrite!.id });
    expect(offered.status, offered.text).toBe(201);
    const accepted = await client.post(`/api/pitch-agreements/${offered.body.id}/accept`, { legalName: 'Sam Writer', consent: true });
    expect(accepted.status, accepted.text).toBe(200);

    expect(await creditsOf(user.id)).toMatchObject([{ lateReviewId: id, amountCents: 2500 }]);
  });

  test('two sends of the same late review at once credit it exactly once', async () => {
    clock = new Date('2027-03-01T15:00:00Z');
    const { user, client } = await writer();
    const order = await makePaidOrder(t.db, user.id, 1);
    const id = await submit(client, order.id, 'Both At Once');
    clock = new Date('2027-03-18T15:00:00Z');
    const sends = await Promise.all([send(id), send(id)]);
    expect(sends.map((r) => r.status)).toEqual([200, 200]);
    expect(await creditsOf(user.id)).toMatchObject([{ lateReviewId: id, daysLate: 3, amountCents: 2500 }]);
    expect(await lateMails(user.email)).toHaveLength(1);
  });
});

describe('the faster review', () => {
  test('is refused while the settings do not offer it', async () => {
    const { client } = await writer();
    const res = await client.post('/api/songwriters/me/checkout', { packageSize: 1, fastReview: true });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(m.fastReviewUnavailable);
  });

  test('settings out of range are refused with the form schema’s messages, and nothing is saved', async () => {
    const cases = [
      [{ fastReviewPriceCents: 5000, fastReviewBusinessDays: 10 }, 'fastReviewBusinessDays', s.fastReviewDaysRange],
      [{ fastReviewPriceCents: 2500, fastReviewBusinessDays: 3 }, 'fastReviewPriceCents', s.fastReviewPriceRange],
      [{ fastReviewPriceCents: 5000, fastReviewBusinessDays: null }, 'fastReviewBusinessDays', s.fastReviewBoth],
    ] as const;
    for (const [values, field, message] of cases) {
      const body = { ...COMPANY, ...values };
      const parsed = SiteSettingsSchema.safeParse(body);
      expect(parsed.success).toBe(false);
      expect(parsed.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([[field, message]]);
      const res = await admin.put('/api/admin/settings', body);
      expect(res.status).toBe(400);
      expect(res.body.error.fields[field]).toEqual([message]);
    }
    expect((await admin.get('/api/admin/settings')).body).toMatchObject({ fastReviewPriceCents: null, fastReviewBusinessDays: null });
  });

  test('costs its own price, is due in its own turnaround, and a late one credits what was paid for it', async () => {
    const saved = await admin.put('/api/admin/settings', { ...COMPANY, fastReviewPriceCents: 6000, fastReviewBusinessDays: 3 });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ fastReviewPriceCents: 6000, fastReviewBusinessDays: 3 });

    const { user, client } = await writer();
    const credit = (await client.get('/api/songwriters/me/credit')).body;
    expect(credit.fastReview).toMatchObject({ priceCents: 6000, businessDays: 3 });
    expect(credit.fastReview.packages[1]).toEqual({ packageSize: 2, listPriceCents: 12000, creditCents: 0, dueCents: 12000 });

    const start = await client.post('/api/songwriters/me/checkout', { packageSize: 2, fastReview: true });
    expect(start.status, start.text).toBe(201);
    const sessionId = new URL(start.body.url).pathname.split('/').pop()!;
    expect((await client.get(`/api/test-checkout/${sessionId}`)).body).toMatchObject({ listPriceCents: 12000, amountCents: 12000 });
    expect((await client.post(`/api/test-checkout/${sessionId}/pay`)).status).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, start.body.orderId));
    expect(order).toMatchObject({ amountPaidCents: 12000, songPriceCents: 6000, turnaroundBusinessDays: 3, paymentStatus: 'paid' });
    expect((await client.get('/api/songwriters/me/orders')).body).toMatchObject([{ fastReview: true, turnaroundBusinessDays: 3 }]);

    clock = new Date('2027-03-01T15:00:00Z');
    const id = await submit(client, order!.id, 'Fast Lane');
    expect(await dueOf(id)).toBe('2027-03-04');
    expect((await client.get(`/api/reviews/${id}`)).body.dueOn).toBe('2027-03-04');
    clock = new Date('2027-03-08T15:00:00Z');
    expect((await send(id)).status).toBe(200);
    expect(await creditsOf(user.id)).toMatchObject([{ lateReviewId: id, daysLate: 4, amountCents: 6000 }]);
    expect(await lateMails(user.email)).toHaveLength(1);

    // Turned off again: both blank.
    const off = await admin.put('/api/admin/settings', { ...COMPANY, fastReviewPriceCents: null, fastReviewBusinessDays: null });
    expect(off.status, off.text).toBe(200);
    expect((await client.get('/api/songwriters/me/credit')).body.fastReview).toBeNull();
  });
});

describe('what the admin sees', () => {
  test('the dashboard counts this month’s late reviews credited and the reviews now overdue; Customers a customer’s late credits', async () => {
    clock = new Date('2027-03-01T15:00:00Z');
    const { user, client } = await writer();
    const order = await makePaidOrder(t.db, user.id, 1);
    await submit(client, order.id, 'Still Waiting');
    const overdueBefore = (await admin.get('/api/admin/dashboard')).body.stats.overdueReviews as number;

    clock = new Date('2027-03-20T15:00:00Z');
    const stats = (await admin.get('/api/admin/dashboard')).body.stats;
    // Four late reviews were credited in March above; the one just submitted is now past its due day.
    expect(stats.lateReviewsCreditedThisMonth).toBe(4);
    expect(stats.overdueReviews).toBe(overdueBefore + 1);
    expect((await admin.get('/api/admin/queue-counts')).body.overdueReviews).toBe(stats.overdueReviews);
    clock = new Date('2027-04-01T15:00:00Z');
    expect((await admin.get('/api/admin/dashboard')).body.stats.lateReviewsCreditedThisMonth).toBe(0);

    const [late] = await t.db.select().from(accountCredits).where(eq(accountCredits.amountCents, 6000));
    const [fastWriter] = await t.db.select().from(orders).where(eq(orders.songwriterId, late!.songwriterId));
    const page = await admin.get(`/api/admin/customers?q=${encodeURIComponent(fastWriter!.customerEmail!)}`);
    expect(page.status, page.text).toBe(200);
    expect(page.body.rows).toMatchObject([{ lateCredits: 1, lateCreditCents: 6000 }]);
  });
});
