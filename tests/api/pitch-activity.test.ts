import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PitchActivityEvent, PitchActivityPage } from '../../src/common/responses';
import * as MESSAGES from '../../src/common/messages';
import { makePreviewUser, makeUser } from '../../src/server/db/seed/factories';
import { makeSong } from '../../src/server/db/seed/song-factories';
import { pitchLinks, pitchLinkSongs, songPlays, songResponses } from '../../src/server/db/schema';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

/**
 * /api/admin/pitch-activity over a fixed history written straight to the tables, with times chosen to the
 * microsecond: two events share one instant and two lie a microsecond apart, so paging must tell them apart.
 */

let t: TestApp;
let admin: TestClient;
let previewClient: TestClient;
const ids = {} as Record<'ada' | 'ben' | 'gravel' | 'porch' | 'tailgate' | 'link' | 'unopened', string>;

/** The expected feed, newest first: [kind, row id, listener name, song title or null]. */
let expected: [PitchActivityEvent['kind'], string, string, string | null][];

const at = (minute: number, micros = 0) => `2025-03-01T12:${String(minute).padStart(2, '0')}:00.${String(micros).padStart(6, '0')}Z`;

beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await makeUser(t.db, { roles: ['admin'] });
  admin = await signedInClient(t, adminUser);
  const ada = await makePreviewUser(t.db, { name: 'Ada Preview', company: 'Ada Songs' });
  const ben = await makePreviewUser(t.db, { name: 'Ben Preview' });
  previewClient = await signedInClient(t, ada);
  const gravel = await makeSong(t.db, t.storage, adminUser.id, { title: 'Gravel Road Goodbye', seconds: 4 });
  const porch = await makeSong(t.db, t.storage, adminUser.id, { title: 'Porch Light Serenade' });
  const tailgate = await makeSong(t.db, t.storage, adminUser.id, { title: 'Tailgate Hymn' });
  const link = {
    id: crypto.randomUUID(),
    recipientName: 'Rae Recipient',
    recipientEmail: 'rae@example.test',
    recipientCompany: 'Warner Chappell',
  };
  const unopened = { id: crypto.randomUUID(), recipientName: 'Uma Unopened', recipientEmail: 'uma@example.test', recipientCompany: null };
  Object.assign(ids, {
    ada: ada.id,
    ben: ben.id,
    gravel: gravel.id,
    porch: porch.id,
    tailgate: tailgate.id,
    link: link.id,
    unopened: unopened.id,
  });

  const expiresAt = new Date(Date.now() + 30 * 24 * 3600 * 1000);
  await t.db.insert(pitchLinks).values([
    { ...link, tokenHash: randomBytes(32).toString('hex'), expiresAt, lastOpenedAt: sql`${at(3)}::timestamptz` },
    { ...unopened, tokenHash: randomBytes(32).toString('hex'), expiresAt },
  ]);
  await t.db.insert(pitchLinkSongs).values([
    { pitchLinkId: link.id, songId: gravel.id, position: 0 },
    { pitchLinkId: link.id, songId: porch.id, position: 1 },
    { pitchLinkId: unopened.id, songId: tailgate.id, position: 0 },
  ]);

  const play = async (who: { userId: string } | { pitchLinkId: string }, songId: string, when: string, furthest = 1) => {
    const [row] = await t.db
      .insert(songPlays)
      .values({ ...who, songId, playedAt: sql`${when}::timestamptz`, durationSeconds: 2, furthestSeconds: furthest, completed: false })
      .returning({ id: songPlays.id });
    return row!.id;
  };
  const answer = async (
    who: { userId: string } | { pitchLinkId: string },
    songId: string,
    response: 'hold' | 'pass',
    when: string,
    note: string | null = null,
  ) => {
    const [row] = await t.db
      .insert(songResponses)
      .values({ ...who, songId, response, note, createdAt: sql`${when}::timestamptz`, updatedAt: sql`${when}::timestamptz` })
      .returning({ id: songResponses.id });
    return row!.id;
  };

  const rae = { pitchLinkId: link.id };
  const e1 = await play({ userId: ada.id }, gravel.id, at(1));
  const e2 = await answer({ userId: ada.id }, porch.id, 'hold', at(2), 'Ashley Cooke');
  const e4 = await play(rae, gravel.id, at(4), 2.5);
  const e5 = await answer(rae, porch.id, 'pass', at(5));
  const e6 = await answer(rae, gravel.id, 'hold', at(6), 'Riley Green');
  // Two plays at the same instant, and a pass one microsecond later.
  const e7a = await play({ userId: ben.id }, tailgate.id, at(7));
  const e7b = await play({ userId: ben.id }, tailgate.id, at(7));
  const e8 = await answer({ userId: ben.id }, gravel.id, 'pass', at(7, 1));

  const [tieFirst, tieSecond] = [e7a, e7b].sort().reverse();
  expected = [
    ['pass', e8, 'Ben Preview', 'Gravel Road Goodbye'],
    ['play', tieFirst!, 'Ben Preview', 'Tailgate Hymn'],
    ['play', tieSecond!, 'Ben Preview', 'Tailgate Hymn'],
    ['hold', e6, 'Rae Recipient', 'Gravel Road Goodbye'],
    ['pass', e5, 'Rae Recipient', 'Porch Light Serenade'],
    ['play', e4, 'Rae Recipient', 'Gravel Road Goodbye'],
    ['open', link.id, 'Rae Recipient', null],
    ['hold', e2, 'Ada Preview', 'Porch Light Serenade'],
    ['play', e1, 'Ada Preview', 'Gravel Road Goodbye'],
  ];
});
afterAll(() => t.close());

async function feed(query: Record<string, string | number> = {}): Promise<PitchActivityPage> {
  const res = await admin.get(`/api/admin/pitch-activity?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`);
  expect(res.status, res.text).toBe(200);
  return res.body as PitchActivityPage;
}

const brief = (e: PitchActivityEvent) => [e.kind, e.id.slice(e.kind.length + 1), e.listener.name, e.song?.title ?? null];

describe('pitch activity', () => {
  test('lists holds, passes, the last open and plays of preview users and recipients, newest first, with listener and song', async () => {
    const page = await feed();
    expect(page.events.map(brief)).toEqual(expected);
    expect(page.nextCursor).toBeNull();

    const byKind = (kind: string, name: string) => page.events.find((e) => e.kind === kind && e.listener.name === name)!;
    expect(byKind('hold', 'Rae Recipient')).toMatchObject({
      at: '2025-03-01T12:06:00.000Z',
      note: 'Riley Green',
      play: null,
      song: { id: ids.gravel, slug: 'gravel-road-goodbye', title: 'Gravel Road Goodbye' },
      listener: { kind: 'pitch', id: ids.link, email: 'rae@example.test', company: 'Warner Chappell' },
    });
    expect(byKind('hold', 'Ada Preview')).toMatchObject({
      note: 'Ashley Cooke',
      listener: { kind: 'user', id: ids.ada, company: 'Ada Songs' },
    });
    expect(byKind('open', 'Rae Recipient')).toMatchObject({
      at: '2025-03-01T12:03:00.000Z',
      song: null,
      note: null,
      listener: { kind: 'pitch', id: ids.link },
    });
    expect(byKind('play', 'Rae Recipient').play).toEqual({ listenedSeconds: 2, furthestSeconds: 2.5, completed: false });
    expect(byKind('play', 'Rae Recipient').song!.durationSeconds).toBeGreaterThan(3);
    // A link never opened has no open event.
    expect(page.events.some((e) => e.listener.id === ids.unopened)).toBe(false);
  });

  test('the song filter keeps exactly that song, and the opens of links that carry it', async () => {
    const gravel = await feed({ songId: ids.gravel });
    expect(gravel.events.map(brief)).toEqual(
      expected.filter(([kind, , name, title]) => title === 'Gravel Road Goodbye' || (kind === 'open' && name === 'Rae Recipient')),
    );
    const tailgate = await feed({ songId: ids.tailgate });
    expect(tailgate.events.map(brief)).toEqual(expected.filter(([, , , title]) => title === 'Tailgate Hymn'));
    expect((await feed({ songId: crypto.randomUUID() })).events).toEqual([]);
  });

  test('the listener filter keeps exactly one preview user or one pitch link, alone or with a song', async () => {
    expect((await feed({ userId: ids.ada })).events.map(brief)).toEqual(expected.filter(([, , name]) => name === 'Ada Preview'));
    expect((await feed({ pitchLinkId: ids.link })).events.map(brief)).toEqual(expected.filter(([, , name]) => name === 'Rae Recipient'));
    expect((await feed({ pitchLinkId: ids.link, songId: ids.porch })).events.map(brief)).toEqual(
      expected.filter(([kind, , name, title]) => name === 'Rae Recipient' && (title === 'Porch Light Serenade' || kind === 'open')),
    );
    expect((await feed({ userId: ids.ben, songId: ids.gravel })).events.map(brief)).toEqual([expected[0]]);
    expect((await feed({ pitchLinkId: ids.unopened })).events).toEqual([]);

    const both = await admin.get(`/api/admin/pitch-activity?userId=${ids.ada}&pitchLinkId=${ids.link}`);
    expect(both.status).toBe(400);
    expect(both.body.error.fields.pitchLinkId).toEqual([MESSAGES.pitching.activityOneListener]);
  });

  test('limit and cursor page through every event once, ties and microseconds included', async () => {
    for (const limit of [1, 2, 4]) {
      const seen: PitchActivityEvent[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: PitchActivityPage = await feed({ limit, ...(cursor ? { cursor } : {}) });
        expect(page.events.length).toBeLessThanOrEqual(limit);
        seen.push(...page.events);
        cursor = page.nextCursor;
        pages++;
      } while (cursor && pages < 20);
      expect(seen.map(brief), `limit ${limit}`).toEqual(expected);
      expect(pages).toBe(Math.ceil(expected.length / limit));
    }
    // Filters and the cursor together.
    const first = await feed({ pitchLinkId: ids.link, limit: 2 });
    const rest = await feed({ pitchLinkId: ids.link, limit: 2, cursor: first.nextCursor! });
    expect([...first.events, ...rest.events].map(brief)).toEqual(expected.filter(([, , name]) => name === 'Rae Recipient'));
    expect(rest.nextCursor).toBeNull();

    for (const bad of ['limit=0', 'limit=101', 'cursor=not%20base64', `cursor=${Buffer.from('["x","play","y"]').toString('base64url')}`]) {
      expect((await admin.get(`/api/admin/pitch-activity?${bad}`)).status, bad).toBe(400);
    }
  });

  test('is for admins only', async () => {
    expect((await t.client().get('/api/admin/pitch-activity')).status).toBe(401);
    expect((await previewClient.get('/api/admin/pitch-activity')).status).toBe(403);
  });
});
