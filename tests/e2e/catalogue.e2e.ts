import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { AdminSongListItem, SongListener } from '../../src/common/responses';
import * as MESSAGES from '../../src/common/messages';
import { slugify } from '../../src/common/schemas/songs';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed/seed';
import { makeCoverPng } from '../../src/server/db/seed/song-factories';
import { seriousA11yViolations, useBrowser } from './support/browser';
import { addSong } from './support/songs';
import { uniqueSuffixPerTest } from './support/unique';
import { expectPageFitsScreen } from './support/expect';

const baseUrl = inject('baseUrl');
const suffix = uniqueSuffixPerTest();
const browser = useBrowser();

let files: { dir: string; shortMp3: string; longMp3: string; cover: string; longMp3Bytes: Buffer };

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pitchroom-catalogue-e2e-'));
  const longMp3Bytes = synthesizeMp3({ seconds: 12, seed: 7 });
  files = {
    dir,
    shortMp3: path.join(dir, 'demo.mp3'),
    longMp3: path.join(dir, 'long-demo.mp3'),
    cover: path.join(dir, 'cover.png'),
    longMp3Bytes,
  };
  writeFileSync(files.shortMp3, synthesizeMp3({ seconds: 3 }));
  writeFileSync(files.longMp3, longMp3Bytes);
  writeFileSync(files.cover, await makeCoverPng(['#222', '#aaa'], 600));
});

afterAll(() => {
  if (files) rmSync(files.dir, { recursive: true, force: true });
});

async function createSong(api: APIRequestContext, title: string, extra: Record<string, unknown> = {}) {
  const values = {
    title,
    slug: slugify(title),
    description: `${title}: a song made by the catalogue journeys.`,
    lyrics: 'First line of the verse\nSecond line\n\nThe chorus',
    writerInfo: 'Written by the e2e team',
    genre: 'Country',
    bpm: 96,
    tags: ['e2e', 'heartbreak'],
    orderIndex: 0,
    isActive: true,
    ...extra,
  };
  return addSong(api, values, { name: 'long-demo.mp3', buffer: files.longMp3Bytes });
}

async function moveToTop(api: APIRequestContext, id: string) {
  const list = (await (await api.get('/api/admin/songs')).json()) as AdminSongListItem[];
  const ids = [id, ...list.map((s) => s.id).filter((other) => other !== id)];
  const res = await api.put('/api/admin/song-order', { headers: { Origin: baseUrl }, data: { ids } });
  expect(res.status(), await res.text()).toBe(200);
}

const rowTitles = (page: Page) => page.locator('tbody tr td:nth-child(3)').allTextContents();

/**
 * Moves a song to the top of the admin's list by keyboard: focus its handle, Space to pick it up, ArrowUp to the
 * top, Space to drop. Answers the saved order's request and the titles it moved among. A song another journey adds
 * between the page's load and the drop makes the server refuse the order (409, undone on screen, as "a reorder
 * the server refuses" shows): the page is read again and the move made again.
 */
async function moveToTopByKeyboard(page: Page, title: string) {
  for (let attempt = 1; ; attempt++) {
    const titles = await rowTitles(page);
    const from = titles.indexOf(title) + 1;
    await page.getByRole('button', { name: `Reorder ${title}` }).focus();
    await page.keyboard.press('Space');
    await page.getByText(`Picked up ${title}. It is in position ${from} of ${titles.length}.`).waitFor();
    for (let position = from - 1; position >= 1; position--) {
      await page.keyboard.press('ArrowUp');
      await page.getByText(`${title} moved to position ${position} of ${titles.length}.`).waitFor();
    }
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/admin/song-order') && r.request().method() === 'PUT');
    await page.keyboard.press('Space');
    const order = await saved;
    if (order.status() !== 409 || attempt === 3) return { order, titles };
    await page.reload();
    await page.getByRole('button', { name: `Reorder ${title}` }).waitFor();
  }
}

describe('the song catalogue', () => {
  test('an admin adds a song with audio and a cover, moves it to the top with the keyboard, and hides and shows it', async () => {
    const api = await browser.adminApi();
    // At least one other song, so the new one (added at the end) has somewhere to move.
    await createSong(api, `Warm-up Song ${suffix()}`);

    const title = `Gravel Road Goodbye ${suffix()}`;
    const page = await browser.open('admin', '/admin/songs/new');
    await page.getByRole('heading', { level: 1, name: 'Add New Song' }).waitFor();

    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    expect(await page.getByRole('textbox', { name: 'Slug', exact: true }).inputValue()).toBe(slugify(title));
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill('A road song about leaving for good.');
    await page.getByRole('textbox', { name: 'Lyrics', exact: true }).fill('Dust on the dashboard\n  gravel in my heart');
    await page.getByLabel('Writer info').fill('Written by Casey Rivers');
    await page.getByLabel('Genre').fill('Country');
    await page.getByLabel('BPM').fill('92');

    const tags = page.getByLabel('Tags', { exact: true });
    for (const tag of ['heartbreak', '  heartbreak ', 'female vocal', '   ']) {
      await tags.fill(tag);
      await tags.press('Enter');
    }
    expect(await page.getByRole('list', { name: 'Tags added' }).getByRole('listitem').allTextContents()).toEqual([
      'heartbreakRemove tag heartbreak',
      'female vocalRemove tag female vocal',
    ]);

    // Submitting without audio is refused by the form before anything is sent.
    await page.getByRole('button', { name: 'Create Song' }).click();
    await page.getByText(MESSAGES.songs.audioRequired).waitFor();

    await page.getByLabel('Audio file (MP3)').setInputFiles(files.shortMp3);
    await page.getByLabel('Cover image').setInputFiles(files.cover);
    await page.getByRole('img', { name: 'Preview of the chosen cover image' }).waitFor();

    // Journeys running beside this one add songs too: the new song must come after every song there is now.
    const songsBefore = ((await (await api.get('/api/admin/songs')).json()) as unknown[]).length;
    const created = page.waitForResponse((r) => r.url().endsWith('/api/admin/songs') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Create Song' }).click();
    expect((await created).status()).toBe(201);
    const { id } = (await (await created).json()) as { id: string };

    await page.waitForURL('**/admin/songs');
    await page.getByText(MESSAGES.songs.created).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Manage Songs' }).waitFor();
    const titles = await rowTitles(page);
    // Added at the end (songs the other journeys added since may follow it).
    expect(titles.indexOf(title)).toBeGreaterThanOrEqual(songsBefore);
    await page.getByText(`Next song number: ${titles.length + 1}`).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    const { order, titles: ordered } = await moveToTopByKeyboard(page, title);
    expect(order.status()).toBe(200);
    expect((order.request().postDataJSON() as { ids: string[] }).ids).toHaveLength(ordered.length);
    expect((order.request().postDataJSON() as { ids: string[] }).ids[0]).toBe(id);
    await page.getByText(MESSAGES.songs.orderUpdated).waitFor();
    await expect.poll(async () => (await rowTitles(page))[0]).toBe(title);
    // The server agrees after a reload.
    await page.reload();
    await page.getByRole('button', { name: `Reorder ${title}` }).waitFor();
    expect((await rowTitles(page))[0]).toBe(title);

    // Hide it from preview users, then show it again.
    const row = page.getByRole('row').filter({ hasText: title });
    const active = row.getByRole('switch', { name: `Active: ${title}` });
    for (const [click, badge, checked] of [
      [1, 'Inactive', 'false'],
      [2, 'Active', 'true'],
    ] as const) {
      const patched = page.waitForResponse((r) => r.url().endsWith(`/api/admin/songs/${id}/active`) && r.request().method() === 'PATCH');
      await active.click();
      expect((await patched).status(), `toggle ${click}`).toBe(200);
      await row.getByText(badge, { exact: true }).waitFor();
      expect(await active.getAttribute('aria-checked')).toBe(checked);
    }
  });

  test('an admin drags a song to the top with the mouse, and a nudge under 8 px picks nothing up', async () => {
    const api = await browser.adminApi();
    const secondTitle = `Mouse Drag Second ${suffix()}`;
    const second = await createSong(api, secondTitle);
    const title = `Mouse Drag Top ${suffix()}`;
    const song = await createSong(api, title);
    // Both near the top, so the drag stays on screen: the song under the other one.
    await moveToTop(api, song.id);
    await moveToTop(api, second.id);

    const page = await browser.open('admin', '/admin/songs');
    const handle = page.getByRole('button', { name: `Reorder ${title}` });
    await handle.waitFor();
    expect((await rowTitles(page)).indexOf(title)).toBe(1);
    const orderRequests: string[] = [];
    page.on('request', (r) => void (r.url().endsWith('/api/admin/song-order') && orderRequests.push(r.method())));
    const box = (await handle.boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];

    // A nudge shorter than the pointer sensor's 8 px is a click, not a drag.
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x, y - 5, { steps: 5 });
    await page.mouse.up();
    expect((await rowTitles(page)).indexOf(title)).toBe(1);

    // Past 8 px the row is picked up; dropped over the first row, it takes its place. A song another journey adds
    // between the page's load and the drop makes the server refuse the order (409): the page is read again and the
    // drag made again.
    let order;
    let drags = 0;
    for (let attempt = 1; ; attempt++) {
      drags += 1;
      const at = (await handle.boundingBox())!;
      const [hx, hy] = [at.x + at.width / 2, at.y + at.height / 2];
      const firstRow = (await page.locator('tbody tr').first().boundingBox())!;
      await page.mouse.move(hx, hy);
      await page.mouse.down();
      await page.mouse.move(hx, hy - 12, { steps: 4 });
      await page.getByText(`Picked up ${title}.`, { exact: false }).waitFor();
      await page.mouse.move(hx, firstRow.y + 4, { steps: 10 });
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/admin/song-order') && r.request().method() === 'PUT');
      await page.mouse.up();
      order = await saved;
      if (order.status() !== 409 || attempt === 3) break;
      await page.reload();
      await handle.waitFor();
    }
    expect(order.status()).toBe(200);
    expect((order.request().postDataJSON() as { ids: string[] }).ids.slice(0, 2)).toEqual([song.id, second.id]);
    await page.getByText(MESSAGES.songs.orderUpdated).waitFor();
    await expect.poll(async () => (await rowTitles(page)).slice(0, 2)).toEqual([title, secondTitle]);
    // Only the drags sent an order, one each: one the nudge had sent would make one more.
    expect(orderRequests).toEqual(Array.from({ length: drags }, () => 'PUT'));
  });

  test('a reorder the server refuses is undone on screen', async () => {
    const api = await browser.adminApi();
    await createSong(api, `Reorder Refused A ${suffix()}`);
    await createSong(api, `Reorder Refused B ${suffix()}`);

    const page = await browser.open('admin', '/admin/songs');
    await page.getByRole('heading', { level: 1, name: 'Manage Songs' }).waitFor();
    await page
      .getByRole('button', { name: /^Reorder / })
      .first()
      .waitFor();
    const before = await rowTitles(page);
    const last = before.at(-1)!;
    await page.route('**/api/admin/song-order', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"INTERNAL","message":"boom"}}' }),
    );

    await page.getByRole('button', { name: `Reorder ${last}` }).focus();
    await page.keyboard.press('Space');
    // Arrow keys move the row only once the pick-up has happened (and been announced).
    await page.getByText(`Picked up ${last}. It is in position ${before.length} of ${before.length}.`).waitFor();
    await page.keyboard.press('ArrowUp');
    await page.getByText(`${last} moved to position ${before.length - 1} of ${before.length}.`).waitFor();
    await page.keyboard.press('Space');
    await page.getByText(MESSAGES.songs.orderFailed).waitFor();
    // The rows as they were (a song another journey added meanwhile may follow them).
    await expect.poll(async () => (await rowTitles(page)).filter((title) => before.includes(title))).toEqual(before);
  });

  test('a preview user finds the newest song first, plays it, seeks and pauses, and the play is reported', async () => {
    const api = await browser.adminApi();
    const title = `Porch Light Serenade ${suffix()}`;
    const song = await createSong(api, title, { tags: ['porch', 'acoustic'] });
    await moveToTop(api, song.id);

    const page = await browser.open('preview', '/songs');
    await page.getByRole('heading', { level: 1, name: MESSAGES.songs.listTitle }).waitFor();
    await expect.poll(() => page.getByRole('heading', { level: 2 }).first().textContent()).toBe(title);

    await page.getByRole('link', { name: `Listen to ${title}` }).click();
    await page.waitForURL(`**/songs/${song.slug}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('group', { name: `Audio player: ${title}` }).waitFor();

    const seek = page.getByRole('slider', { name: 'Seek' });
    const position = async () => Number(await seek.getAttribute('aria-valuenow'));
    await expect.poll(async () => Number(await seek.getAttribute('aria-valuemax'))).toBeGreaterThan(0); // the length is known

    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    await expect.poll(position).toBeGreaterThan(0);

    // Right arrow on the seek bar skips 5 seconds (skipped time is not listening time). The first report
    // (after the seek settles, or at the pause, whichever comes first) creates the play.
    const reported = page.waitForResponse((r) => r.url().endsWith('/api/plays') && r.request().method() === 'POST');
    await seek.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(position).toBeGreaterThanOrEqual(5);
    // Playing on past the skip makes it the furthest point played.
    const skippedTo = await position();
    await expect.poll(position).toBeGreaterThan(skippedTo + 0.5);
    await page.getByRole('button', { name: 'Pause' }).click();
    const response = await reported;
    expect(response.status()).toBe(201);
    const body = response.request().postDataJSON() as {
      songId: string;
      durationSeconds: number;
      furthestSeconds: number;
      completed: boolean;
    };
    expect(body.songId).toBe(song.id);
    expect(body.completed).toBe(false);
    expect(body.durationSeconds).toBeGreaterThanOrEqual(0);
    expect(body.durationSeconds).toBeLessThan(5);
    // The furthest point played is past the skip.
    expect(body.furthestSeconds).toBeGreaterThanOrEqual(5);
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor();

    // The play is stored, not completed, as the admin reads it.
    const depth = (await (await api.get(`/api/admin/preview-activity/songs/${song.id}`)).json()) as { listeners: SongListener[] };
    expect(depth.listeners).toEqual([
      expect.objectContaining({
        kind: 'user',
        email: DEMO_ACCOUNTS.preview.email,
        plays: 1,
        completed: false,
        furthestSeconds: expect.any(Number),
      }),
    ]);
    expect(depth.listeners[0]!.furthestSeconds).toBeGreaterThanOrEqual(5);
  });

  test('the catalogue paints from its first HTML, asks no one who the visitor is, and comes alive as their own', async () => {
    for (const role of ['preview', 'admin'] as const) {
      const context = await browser.context({ role });
      const page = await context.newPage();
      const askedWho: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/me') askedWho.push(request.url());
      });
      const response = await page.goto('/songs');
      // The shell: heading and skeleton are in the HTML, before any script has run, and so is a link to the
      // page's own code, which loads beside the entry rather than after it.
      const html = await response!.text();
      expect(html).toContain(`>${MESSAGES.songs.listTitle}</h1>`);
      expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/songs-page-[\w-]+\.js">/);
      // The brand face is not preloaded here: the visitor came through a page that fetched it.
      expect(html).not.toContain('as="font"');
      await page
        .getByRole('link', { name: /^Listen to / })
        .first()
        .waitFor();
      // The account menu is this visitor's own, and for an admin it leads to the admin area.
      await page.getByRole('button', { name: 'Account' }).click();
      const menu = page.getByRole('menu');
      await expect.poll(() => menu.textContent()).toContain(DEMO_ACCOUNTS[role].email);
      expect(await menu.getByRole('menuitem', { name: 'Admin' }).count()).toBe(role === 'admin' ? 1 : 0);
      expect(askedWho, role).toEqual([]);
    }
  });

  test('an edit form opened again starts from the song as it is now, so saving cannot undo a change made meanwhile', async () => {
    const api = await browser.adminApi();
    // Fresh on each run: a second run against the same server finds the last one's song there.
    const title = `Second Look ${suffix()} ${Date.now().toString(36)}`;
    const song = await createSong(api, title);
    const page = await browser.open('admin', '/admin/songs');
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    // The list stays on screen until the edit page is ready: its heading says it is.
    await page.getByRole('heading', { level: 1, name: 'Edit Song' }).waitFor();
    const active = page.getByRole('switch', { name: 'Active', exact: true });
    expect(await active.getAttribute('aria-checked')).toBe('true');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/songs');

    const off = await api.patch(`/api/admin/songs/${song.id}/active`, { headers: { Origin: baseUrl }, data: { isActive: false } });
    expect(off.status(), await off.text()).toBe(200);
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Song' }).waitFor();
    await active.waitFor();
    expect(await active.getAttribute('aria-checked')).toBe('false');
  });

  test('search, genre and tempo filters live in the address, so a reload keeps them', async () => {
    const api = await browser.adminApi();
    const title = `Banjo at Daybreak ${suffix()}`;
    const genre = `Bluegrass ${suffix()}`;
    await createSong(api, title, { genre, bpm: 150, tags: [`sunrise-${suffix()}`] });

    const page = await browser.open('preview', '/songs');
    await page.getByRole('heading', { level: 1, name: MESSAGES.songs.listTitle }).waitFor();
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill(`sunrise-${suffix()}`);
    await page.waitForURL((url) => url.searchParams.get('q') === `sunrise-${suffix()}`);
    await expect.poll(() => page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([title]);

    await page.reload();
    await page.getByRole('heading', { level: 2, name: title }).waitFor();
    expect(await search.inputValue()).toBe(`sunrise-${suffix()}`);
    expect(await page.getByRole('heading', { level: 2 }).count()).toBe(1);

    // A tempo outside 1-300 is explained and not sent.
    await page.getByRole('spinbutton', { name: 'Min BPM' }).fill('301');
    await page.getByText(MESSAGES.songs.bpmRange).waitFor();
    expect(new URL(page.url()).searchParams.has('bpmMin')).toBe(false);
    await page.getByRole('spinbutton', { name: 'Min BPM' }).fill('151');
    await page.waitForURL((url) => url.searchParams.get('bpmMin') === '151');
    await page.getByText(MESSAGES.songs.noMatches).waitFor();

    // Clear, then a genre, both before the page has drawn the first: the second starts from the address, not from
    // the filters still on screen, so the cleared search and tempo stay cleared.
    const clear = await page.getByRole('button', { name: 'Clear filters' }).elementHandle();
    const genreSelect = await page.getByRole('combobox', { name: 'Genre' }).elementHandle();
    await page.evaluate(
      ([button, select, value]) => {
        (button as HTMLButtonElement).click();
        (select as HTMLSelectElement).value = value as string;
        select!.dispatchEvent(new Event('change', { bubbles: true }));
      },
      [clear, genreSelect, genre] as const,
    );
    await page.waitForURL((url) => url.searchParams.get('genre') === genre);
    expect([...new URL(page.url()).searchParams.keys()]).toEqual(['genre']);
    await expect.poll(() => page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([title]);
    expect(await search.inputValue()).toBe('');
  });

  test('a preview user comments and sees it marked as awaiting approval; an admin approves it, and it shows on the song page', async () => {
    const api = await browser.adminApi();
    const title = `Midnight on Music Row ${suffix()}`;
    const song = await createSong(api, title);
    const text = `That second verse is a keeper (${suffix()}).`;

    const page = await browser.open('preview', `/songs/${song.slug}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const name = page.getByLabel('Name');
    const email = page.getByLabel('Email');
    expect(await name.inputValue()).toBe('Dana Preview');
    expect(await email.inputValue()).toBe('preview@pitchroom.local');

    // The shared schema speaks first.
    await page.getByRole('button', { name: 'Submit Comment' }).click();
    await page.getByText(MESSAGES.songs.commentRequired).waitFor();

    await page.getByLabel('Comment', { exact: true }).fill(text);
    const posted = page.waitForResponse((r) => r.url().endsWith(`/api/songs/${song.slug}/comments`) && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Submit Comment' }).click();
    expect((await posted).status()).toBe(201);
    await page.getByText(MESSAGES.songs.commentSubmitted).waitFor();
    expect(await page.getByLabel('Comment', { exact: true }).inputValue()).toBe('');
    expect(await name.inputValue()).toBe('Dana Preview');
    expect(await email.inputValue()).toBe('preview@pitchroom.local');
    // Its writer sees it at once, marked, and still after a reload; another listener does not see it.
    const comments = page.getByRole('region', { name: /^Comments/ });
    const own = comments.getByRole('listitem').filter({ hasText: text });
    await own.getByText(MESSAGES.songs.commentAwaitingApproval).waitFor();
    await page.reload();
    await own.getByText(MESSAGES.songs.commentAwaitingApproval).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const otherListener = await browser.open('admin', `/songs/${song.slug}`);
    await otherListener.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await otherListener.getByText(text).count()).toBe(0);

    const admin = await browser.open('admin', '/admin/comments');
    await admin.getByRole('heading', { level: 1, name: 'Manage Comments' }).waitFor();
    const row = admin.getByRole('row').filter({ hasText: text });
    await row.waitFor();
    expect(await row.getByText('Pending', { exact: true }).count()).toBe(1);
    expect(await seriousA11yViolations(admin)).toEqual([]);
    const approved = admin.waitForResponse((r) => /\/api\/admin\/comments\/[0-9a-f-]+$/.test(r.url()) && r.request().method() === 'PATCH');
    await row.getByRole('button', { name: 'Approve the comment by Dana Preview' }).click();
    expect((await approved).status()).toBe(200);
    await admin.getByText(MESSAGES.songs.commentApproved).waitFor();
    // Approved comments leave the default (Pending) list.
    await row.waitFor({ state: 'detached' });

    await page.reload();
    await comments.getByText(text).waitFor();
    expect(await own.getByText(MESSAGES.songs.commentAwaitingApproval).count()).toBe(0);
    // Its writer sees it as theirs; an admin sees who wrote it (other listeners see what the settings say).
    expect(await own.getByText(MESSAGES.settings.ownComment, { exact: true }).count()).toBe(1);
    expect(await comments.getByText('Dana Preview').count()).toBe(0);
    await otherListener.reload();
    const byAdmin = otherListener
      .getByRole('region', { name: /^Comments/ })
      .getByRole('listitem')
      .filter({ hasText: text });
    await byAdmin.getByText(/^Dana Preview/).waitFor();
  });

  test('the catalogue is only for preview users and admins', async () => {
    const songwriter = await browser.open('songwriter', '/songs');
    await songwriter.waitForURL('**/preview-status');
    // By name: the catalogue's heading, in its first HTML, may still be on screen.
    await songwriter.getByRole('heading', { level: 1, name: 'Preview access' }).waitFor();

    // Signed out: to sign in, and back here afterwards.
    const anonymous = await browser.open(undefined, '/songs');
    await anonymous.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('next') === '/songs');
  });

  test('the song list and a song page have no serious accessibility problems, on a phone too', async () => {
    const api = await browser.adminApi();
    const title = `Cornbread and Cadillacs ${suffix()}`;
    const song = await createSong(api, title);

    for (const width of [1366, 375]) {
      const list = await browser.open('preview', '/songs', width);
      await list.getByRole('link', { name: `Listen to ${title}` }).waitFor();
      expect(await seriousA11yViolations(list), `/songs at ${width}px`).toEqual([]);
      await expectPageFitsScreen(list);

      const detail = await browser.open('preview', `/songs/${song.slug}`, width);
      await detail.getByRole('heading', { level: 1, name: title }).waitFor();
      await detail.getByRole('slider', { name: 'Seek' }).waitFor();
      expect(await seriousA11yViolations(detail), `song page at ${width}px`).toEqual([]);
      await expectPageFitsScreen(detail);
      // Play is on the first screen, without scrolling past the picture.
      const play = await detail.getByRole('button', { name: 'Play', exact: true }).boundingBox();
      expect(play && play.y + play.height <= 800, `Play in the first screen at ${width}px`).toBe(true);
    }
  });

  test('the admin song pages fit a phone and have no serious accessibility problems', async () => {
    for (const pathname of ['/admin/songs', '/admin/songs/new', '/admin/comments']) {
      const page = await browser.open('admin', pathname, 375);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page
        .getByRole('status')
        .filter({ hasText: /Loading/ })
        .waitFor({ state: 'detached' });
      expect(await seriousA11yViolations(page), pathname).toEqual([]);
      await expectPageFitsScreen(page);
      if (pathname === '/admin/songs') {
        // Each row's switch, edit and delete are in view, not behind a sideways scroll of the table.
        const lastDelete = page.getByRole('button', { name: /^Delete / }).last();
        const box = await lastDelete.boundingBox();
        expect(box && box.x + box.width <= 375, 'delete button within the screen').toBe(true);
      }
    }
    // Beside the sidebar on a narrow laptop the columns give way by the table's own width: the actions stay in
    // view, nothing scrolls sideways; on a wide screen every column shows.
    for (const [width, columns] of [
      [820, ['Title', 'Actions']],
      [1366, ['Title', 'Genre', 'Status', 'Created', 'Actions']],
    ] as const) {
      const page = await browser.open('admin', '/admin/songs', width);
      await page.locator('tbody tr').first().waitFor();
      const box = await page
        .getByRole('button', { name: /^Delete / })
        .last()
        .boundingBox();
      expect(box && box.x + box.width <= width, `delete button within a ${width} px window`).toBe(true);
      expect(await page.getByText(MESSAGES.generic.tableScrollHint).count(), `${width} px`).toBe(0);
      for (const name of columns)
        expect(await page.getByRole('columnheader', { name, exact: true }).isVisible(), `${name} at ${width} px`).toBe(true);
    }
    // Five pages, each with an axe run over the whole song list.
  }, 120_000);

  test('when the audio link fails, the player fetches a fresh one and plays; if that fails too it says so', async () => {
    const api = await browser.adminApi();
    const title = `Long Gone Lullaby ${suffix()}`;
    const song = await createSong(api, title);

    // The link the page loads with answers like an expired one. The player fetches nothing before Play (the
    // song's length is known from the upload); files load again only once the song has been fetched anew after
    // the listener pressed Play, which is what the player must do. (Links are signed to the second, so a fresh
    // link may even look the same: the retry is what counts.)
    const context = await browser.context({ role: 'preview' });
    const page = await context.newPage();
    let pressedPlay = false;
    let refreshed = false;
    let audioRequests = 0;
    await page.route(`**/api/songs/${song.slug}`, async (route) => {
      const response = await route.fetch();
      if (pressedPlay) refreshed = true;
      await route.fulfill({ response });
    });
    await page.route('**/api/files/**', (route) => {
      if (route.request().resourceType() === 'media') audioRequests++;
      return refreshed
        ? route.continue()
        : route.fulfill({ status: 403, contentType: 'application/json', body: '{"error":{"code":"FORBIDDEN","message":"expired"}}' });
    });
    await page.goto(`/songs/${song.slug}`);
    await page.getByRole('slider', { name: 'Seek' }).waitFor();
    expect(audioRequests).toBe(0);
    pressedPlay = true;
    const refetched = page.waitForResponse((r) => r.url().endsWith(`/api/songs/${song.slug}`) && r.request().method() === 'GET');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    expect((await refetched).status()).toBe(200);
    // Playing for real, on the fresh link, and the failure of the first one no longer shown.
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 0.2);
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    await expect.poll(() => page.getByText(MESSAGES.songs.audioLoadError).count()).toBe(0);
    expect(await page.getByText(MESSAGES.songs.audioPlayError).count()).toBe(0);
    await page.getByRole('button', { name: 'Pause' }).click();

    // Every link fails: after the refresh and one more try, the player says what to do.
    const broken = await context.newPage();
    await broken.route('**/api/files/**', (route) => route.fulfill({ status: 403, body: '' }));
    await broken.goto(`/songs/${song.slug}`);
    await broken.getByRole('button', { name: 'Play', exact: true }).click();
    await broken.getByText(MESSAGES.songs.audioPlayError).waitFor();
    await broken.getByRole('button', { name: 'Play', exact: true }).waitFor();
  });

  test('a missing song, or an address no song could have, sends the visitor back to the list', async () => {
    const page = await browser.open('preview', '/songs/no-such-song-anywhere');
    await page.waitForURL('**/songs');
    await page.getByRole('heading', { level: 1, name: MESSAGES.songs.listTitle }).waitFor();
    await page.goto(`/songs/${'x'.repeat(300)}`);
    await page.waitForURL((url) => url.pathname === '/songs');
    await page.getByRole('heading', { level: 1, name: MESSAGES.songs.listTitle }).waitFor();
  });

  test('an old link with a page number opens the list at its first songs (the list grows by "Show more songs")', async () => {
    const page = await browser.open('preview', '/songs?page=999');
    await page
      .getByRole('link', { name: /^Listen to / })
      .first()
      .waitFor();
    expect(await page.getByText(MESSAGES.songs.pastTheEnd).count()).toBe(0);
  });
});
