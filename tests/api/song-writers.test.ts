import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { pitchExpiryBounds } from '../../src/common/schemas/pitching';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { makePaidOrder, makePreviewUser, makeSongwriter, makeUser } from '../../src/server/db/seed/factories';
import { makeSong } from '../../src/server/db/seed/song-factories';
import { auditEvents, songReviews, songs, songWriters, songwriterQuestionnaires } from '../../src/server/db/schema';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

const m = MESSAGES.songs;
let t: TestApp;
let admin: TestClient;
let preview: TestClient;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await makeUser(t.db, { roles: ['admin'] });
  adminId = adminUser.id;
  [admin, preview] = await Promise.all([signedInClient(t, adminUser), signedInClient(t, await makePreviewUser(t.db))]);
}, 60_000);
afterAll(() => t.close());

const writer = (name: string, share: number, extra: Record<string, unknown> = {}) => ({ name, pro: 'BMI', share, ...extra });

const songData = (overrides: Record<string, unknown> = {}) => ({
  title: 'Split Decision',
  slug: 'split-decision',
  description: 'A co-write about who gets the last word.',
  lyrics: 'You take the verse and I take the chorus',
  genre: 'Country',
  bpm: 96,
  tags: [],
  orderIndex: 0,
  isActive: true,
  ...overrides,
});

/** The admin song form's upload: the fields as JSON in `data`, and an MP3 for a new song. */
function form(data: unknown, audio = false) {
  const f = new FormData();
  f.set('data', JSON.stringify(data));
  if (audio) f.set('audio', new Blob([new Uint8Array(synthesizeMp3({ seconds: 1 }))]), 'song.mp3');
  return f;
}

const createSong = (data: Record<string, unknown>) => admin.sendForm('POST', '/api/admin/songs', form(songData(data), true));
const editSong = (id: string, data: Record<string, unknown>) => admin.sendForm('PUT', `/api/admin/songs/${id}`, form(songData(data)));

/** The writers stored for a song, in credit order, as the form sends them. */
async function storedWriters(songId: string) {
  return t.db
    .select({
      name: songWriters.name,
      pro: songWriters.pro,
      ipi: songWriters.ipi,
      publisher: songWriters.publisher,
      share: songWriters.share,
    })
    .from(songWriters)
    .where(eq(songWriters.songId, songId))
    .orderBy(asc(songWriters.position));
}

describe('writers and splits on the admin song form', () => {
  test.each([
    ['60/39', [writer('Casey Rivers', 60), writer('Jo Whitfield', 39)], 'Writer shares must add up to 100% (now 99%)'],
    ['60/41', [writer('Casey Rivers', 60), writer('Jo Whitfield', 41)], 'Writer shares must add up to 100% (now 101%)'],
    [
      '33.33 three times',
      [writer('Casey Rivers', 33.33), writer('Jo Whitfield', 33.33), writer('Ana Ruiz', 33.33)],
      'Writer shares must add up to 100% (now 99.99%)',
    ],
  ])('a new song split %s is refused with the message, and nothing is saved', async (split, writers, message) => {
    const slug = `off-split-${split.replace(/[^0-9]+/g, '-')}`;
    const res = await createSong({ slug, writers });
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(res.body.error.fields.writers).toEqual([message]);
    expect(await t.db.select().from(songs).where(eq(songs.slug, slug))).toEqual([]);
  });

  test('an edit whose shares do not add up is refused, and the song keeps its writers and every other field', async () => {
    const created = await createSong({ slug: 'kept-splits', writers: [writer('Casey Rivers', 50), writer('Jo Whitfield', 50)] });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    const eventsBefore = await t.db.select().from(auditEvents).where(eq(auditEvents.subjectId, id));

    for (const shares of [
      [60, 39],
      [60, 41],
    ]) {
      const res = await editSong(id, {
        slug: 'kept-splits',
        title: 'Renamed Meanwhile',
        writers: [writer('Casey Rivers', shares[0]!), writer('Jo Whitfield', shares[1]!)],
      });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(m.writerSharesTotal(String(shares[0]! + shares[1]!)));
    }
    expect(await storedWriters(id)).toEqual([
      { name: 'Casey Rivers', pro: 'BMI', ipi: null, publisher: null, share: 50 },
      { name: 'Jo Whitfield', pro: 'BMI', ipi: null, publisher: null, share: 50 },
    ]);
    const [song] = await t.db.select().from(songs).where(eq(songs.id, id));
    expect(song!.title).toBe('Split Decision');
    // A refused edit leaves no trace in the audit trail either.
    expect(await t.db.select().from(auditEvents).where(eq(auditEvents.subjectId, id))).toEqual(eventsBefore);
  });

  test('valid splits are stored and answered in order; an edit replaces them, and the audit trail shows both lists', async () => {
    const writers = [
      writer('Marla Dean', 33.34, { pro: 'ASCAP', ipi: '00432109876', publisher: 'Porchlight Music' }),
      writer('Freya Lund', 33.33, { pro: 'PRS', publisher: '  Northbound Music  ' }),
      writer('Kenji Mori', 33.33, { pro: 'JASRAC', ipi: '', publisher: '' }),
    ];
    const created = await createSong({ slug: 'three-way-split', writers, musicalKey: 'F# major', isOneStop: true });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    const expected = [
      { name: 'Marla Dean', pro: 'ASCAP', ipi: '00432109876', publisher: 'Porchlight Music', share: 33.34 },
      { name: 'Freya Lund', pro: 'PRS', ipi: null, publisher: 'Northbound Music', share: 33.33 },
      { name: 'Kenji Mori', pro: 'JASRAC', ipi: null, publisher: null, share: 33.33 },
    ];
    expect(await storedWriters(id)).toEqual(expected);
    const detail = await admin.get(`/api/admin/songs/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ writers: expected, musicalKey: 'F# major', isOneStop: true });
    const [createdEvent] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, id), eq(auditEvents.action, 'song.create')));
    expect(createdEvent!.changes.writers).toEqual({
      before: null,
      after: [
        'Marla Dean, ASCAP, IPI 00432109876, Porchlight Music: 33.34%',
        'Freya Lund, PRS, Northbound Music: 33.33%',
        'Kenji Mori, JASRAC: 33.33%',
      ],
    });

    // Reordered, one writer gone, the shares moved: the new list replaces the old, in its order.
    const edited = await editSong(id, {
      slug: 'three-way-split',
      musicalKey: 'F# major',
      isOneStop: true,
      writers: [writer('Kenji Mori', 40, { pro: 'JASRAC' }), writer('Marla Dean', 60, { pro: 'ASCAP', ipi: '00432109876' })],
    });
    expect(edited.status, edited.text).toBe(200);
    expect(await storedWriters(id)).toEqual([
      { name: 'Kenji Mori', pro: 'JASRAC', ipi: null, publisher: null, share: 40 },
      { name: 'Marla Dean', pro: 'ASCAP', ipi: '00432109876', publisher: null, share: 60 },
    ]);
    const [update] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, id), eq(auditEvents.action, 'song.update')))
      .orderBy(desc(auditEvents.createdAt));
    expect(update!.changes).toEqual({
      writers: {
        before: createdEvent!.changes.writers!.after,
        after: ['Kenji Mori, JASRAC: 40%', 'Marla Dean, ASCAP, IPI 00432109876: 60%'],
      },
    });

    // Saved again as it is: the writers are not rewritten, and the trail records no change of them.
    const [first] = await t.db.select({ id: songWriters.id }).from(songWriters).where(eq(songWriters.songId, id));
    const same = await editSong(id, {
      slug: 'three-way-split',
      musicalKey: 'F# major',
      isOneStop: true,
      writers: [writer('Kenji Mori', 40, { pro: 'JASRAC' }), writer('Marla Dean', 60, { pro: 'ASCAP', ipi: '00432109876' })],
    });
    expect(same.status).toBe(200);
    const [still] = await t.db.select({ id: songWriters.id }).from(songWriters).where(eq(songWriters.songId, id));
    expect(still!.id).toBe(first!.id);
  });

  test.each([
    ['12345678', m.writerIpiInvalid],
    ['123456789012', m.writerIpiInvalid],
    ['00 432 109 876', m.writerIpiInvalid],
    ['I00432109876', m.writerIpiInvalid],
  ])('an IPI/CAE number of %j is refused with its message', async (ipi, message) => {
    const res = await createSong({ slug: 'bad-ipi', writers: [writer('Casey Rivers', 100, { ipi })] });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(res.body.error.fields['writers.0.ipi']).toEqual([message]);
    expect(await t.db.select().from(songs).where(eq(songs.slug, 'bad-ipi'))).toEqual([]);
  });

  test.each([
    [{ share: 0 }, m.writerShareRange],
    [{ share: -10 }, m.writerShareRange],
    [{ share: 100.01 }, m.writerShareRange],
    [{ share: 33.333 }, m.writerShareDecimals],
    [{ share: '50' }, m.writerShareInvalid],
    [{ pro: 'PRS for Music' }, m.writerProRequired],
    [{ name: '   ' }, m.writerNameRequired],
  ])('a writer with %o is refused with its message', async (override, message) => {
    const res = await createSong({ slug: 'bad-writer', writers: [{ ...writer('Casey Rivers', 100), ...override }] });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
  });

  test('a key outside the list of 24 is refused', async () => {
    const res = await createSong({ slug: 'h-major', musicalKey: 'H major' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(m.musicalKeyInvalid);
  });
});

describe('the catalogue: writers, key and one-stop for preview users', () => {
  let credited: typeof songs.$inferSelect;
  let uncredited: typeof songs.$inferSelect;
  beforeAll(async () => {
    credited = await makeSong(t.db, t.storage, adminId, {
      title: 'Barn Dance Ledger',
      musicalKey: 'Bb minor',
      isOneStop: true,
      writerInfo: 'Written long ago',
      orderIndex: 10,
      writers: [
        { name: 'Delphine Okafor', pro: 'SOCAN', ipi: '00111222333', publisher: 'Maple Road Songs', share: 70 },
        { name: 'Wren Castellanos', pro: 'None', share: 30 },
      ],
    });
    uncredited = await makeSong(t.db, t.storage, adminId, { title: 'Old Ledger', writerInfo: 'Written by Hank Old (BMI)', orderIndex: 11 });
    await makeSong(t.db, t.storage, adminId, { title: 'Plain Ledger', musicalKey: 'B minor', orderIndex: 12 });
  });

  test('the song page credits the writers in order with society, publisher and share, never their IPI; the key and one-stop show', async () => {
    const res = await preview.get(`/api/songs/${credited.slug}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ musicalKey: 'Bb minor', isOneStop: true, writerInfo: 'Written long ago' });
    expect(res.body.writers).toEqual([
      { name: 'Delphine Okafor', pro: 'SOCAN', publisher: 'Maple Road Songs', share: 70 },
      { name: 'Wren Castellanos', pro: 'None', publisher: null, share: 30 },
    ]);
    expect(res.text).not.toContain('00111222333');
    // A song listed before writers were keeps its free text, and lists none.
    const old = await preview.get(`/api/songs/${uncredited.slug}`);
    expect(old.body).toMatchObject({ writers: [], writerInfo: 'Written by Hank Old (BMI)', musicalKey: null, isOneStop: false });
  });

  test("a pitch link's page credits the writers by name, with the key and one-stop, and a song without writers by its writer info", async () => {
    const created = await admin.post('/api/admin/pitch-links', {
      recipientName: 'Rae Recipient',
      recipientEmail: 'rae.writers@example.test',
      expiresOn: pitchExpiryBounds().suggested,
      songIds: [credited.id, uncredited.id],
    });
    expect(created.status, created.text).toBe(201);
    const token = new URL(created.body.url as string).pathname.replace('/p/', '');
    const page = await t.client().get(`/api/pitch/${token}`);
    expect(page.status).toBe(200);
    expect(page.body.songs).toMatchObject([
      { title: 'Barn Dance Ledger', writerNames: ['Delphine Okafor', 'Wren Castellanos'], musicalKey: 'Bb minor', isOneStop: true },
      { title: 'Old Ledger', writerNames: [], writerInfo: 'Written by Hank Old (BMI)', musicalKey: null, isOneStop: false },
    ]);
    expect(page.text).not.toContain('00111222333');
  });

  test("the search finds a song by a writer's name (any part, any case) and by its key", async () => {
    const titles = async (query: Record<string, string>) => {
      const res = await preview.get(`/api/songs?${new URLSearchParams(query)}`);
      expect(res.status, res.text).toBe(200);
      return (res.body.rows as { title: string }[]).map((r) => r.title);
    };
    expect(await titles({ q: 'okafor' })).toEqual(['Barn Dance Ledger']);
    expect(await titles({ q: 'Wren Castel' })).toEqual(['Barn Dance Ledger']);
    expect(await titles({ q: 'Bb minor' })).toEqual(['Barn Dance Ledger']);
    expect(await titles({ q: 'b minor' })).toEqual(['Barn Dance Ledger', 'Plain Ledger']);
    // The writer info is not searched: the writers are the song's credit now.
    expect(await titles({ q: 'Hank Old' })).toEqual([]);
    // A writer renamed by an edit is found by the new name only.
    await t.db.update(songWriters).set({ name: 'Delphine Okafor-Reyes' }).where(eq(songWriters.name, 'Delphine Okafor'));
    await t.db.update(songWriters).set({ name: 'Wren Castle' }).where(eq(songWriters.name, 'Wren Castellanos'));
    expect(await titles({ q: 'okafor-reyes' })).toEqual(['Barn Dance Ledger']);
    expect(await titles({ q: 'castellanos' })).toEqual([]);
  });

  test('the key and one-stop filters narrow the list, alone and together; the cards carry both', async () => {
    const list = async (query: string) => {
      const res = await preview.get(`/api/songs?${query}`);
      expect(res.status, res.text).toBe(200);
      return res.body.rows as { title: string; musicalKey: string | null; isOneStop: boolean }[];
    };
    // The songs of this block are the ledgers; the form's tests above left a one-stop song of their own.
    const oneStop = await list('q=ledger&oneStop=true');
    expect(oneStop.map((r) => r.title)).toEqual(['Barn Dance Ledger']);
    expect(oneStop[0]).toMatchObject({ musicalKey: 'Bb minor', isOneStop: true });
    expect((await list('oneStop=true')).map((r) => r.title)).toEqual(['Split Decision', 'Barn Dance Ledger']);
    expect((await list('q=ledger&oneStop=false')).map((r) => r.title)).toEqual(['Barn Dance Ledger', 'Old Ledger', 'Plain Ledger']);
    expect((await list(`key=${encodeURIComponent('B minor')}`)).map((r) => r.title)).toEqual(['Plain Ledger']);
    expect((await list(`key=${encodeURIComponent('B minor')}&oneStop=true`)).map((r) => r.title)).toEqual([]);
    expect((await list(`key=${encodeURIComponent('Bb minor')}&oneStop=true`)).map((r) => r.title)).toEqual(['Barn Dance Ledger']);
    expect((await list('q=ledger')).map((r) => [r.title, r.musicalKey, r.isOneStop])).toEqual([
      ['Barn Dance Ledger', 'Bb minor', true],
      ['Old Ledger', null, false],
      ['Plain Ledger', 'B minor', false],
    ]);

    const badKey = await preview.get(`/api/songs?key=${encodeURIComponent('H minor')}`);
    expect(badKey.status).toBe(400);
    expect(badKey.body.error.message).toBe(m.musicalKeyInvalid);
    expect((await preview.get('/api/songs?oneStop=perhaps')).status).toBe(400);
  });
});

describe('the pitch loop', () => {
  test('a song from a signed pitch agreement starts with its songwriter at 100%, named from their profile', async () => {
    const songwriter = await makeSongwriter(t.db, { firstName: 'Luke', lastName: 'Combs' });
    await t.db
      .update(songwriterQuestionnaires)
      .set({ hasPublished: true, proAffiliation: 'PRS (UK)' })
      .where(eq(songwriterQuestionnaires.userId, songwriter.id));
    const writerClient = await signedInClient(t, songwriter);
    const order = await makePaidOrder(t.db, songwriter.id, 1);
    const submission = new FormData();
    submission.set(
      'data',
      JSON.stringify({
        orderId: order.id,
        title: 'Truck Bed Hallelujah',
        lyricsText: 'Hallelujah in the truck bed',
        storyArc: 'A summer night on the tailgate, told as a hymn.',
        aiUsage: 'No AI was used at all.',
        agreed: true,
      }),
    );
    submission.set('audio', new Blob([new Uint8Array(synthesizeMp3({ seconds: 1 }))]), 'take.mp3');
    const submitted = await writerClient.sendForm('POST', '/api/submissions', submission);
    expect(submitted.status, submitted.text).toBe(201);
    await t.db
      .update(songReviews)
      .set({ status: 'reviewed', adminReview: 'Strong hook.', reviewedAt: new Date() })
      .where(eq(songReviews.id, submitted.body.id as string));
    const offered = await admin.post('/api/admin/pitch-agreements', { reviewId: submitted.body.id });
    expect(offered.status, offered.text).toBe(201);
    const signed = await writerClient.post(`/api/pitch-agreements/${offered.body.id}/accept`, {
      legalName: 'Luke Albert Combs',
      consent: true,
    });
    expect(signed.status, signed.text).toBe(200);

    const [song] = await t.db
      .select()
      .from(songs)
      .where(eq(songs.pitchAgreementId, offered.body.id as string));
    expect(await storedWriters(song!.id)).toEqual([{ name: 'Luke Combs', pro: 'PRS', ipi: null, publisher: null, share: 100 }]);
    const detail = await admin.get(`/api/admin/songs/${song!.id}`);
    expect(detail.body.writers).toEqual([{ name: 'Luke Combs', pro: 'PRS', ipi: null, publisher: null, share: 100 }]);
    // Its search text has the writer already, for when the admin publishes it.
    expect(song!.searchText).toContain('Luke Combs');
  });
});
