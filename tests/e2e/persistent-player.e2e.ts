import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import type { SongListenDepth } from '../../src/common/responses';
import * as MESSAGES from '../../src/common/messages';
import { slugify } from '../../src/common/schemas/songs';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { makeCoverPng } from '../../src/server/db/seed/song-factories';
import { useBrowser } from './support/browser';
import { songMeasured } from './support/songs';
import { expectNoSeriousA11yViolations, expectPageFitsScreen } from './support/expect';
import { uniqueSuffixPerTest } from './support/unique';

const suffix = uniqueSuffixPerTest();
const browser = useBrowser();
/** Long enough that no song ends (and moves on by itself) while a journey looks at it. */
const SONG_SECONDS = 60;
const WRITER = 'Written by the player journey';
const m = MESSAGES.player;

interface Song {
  id: string;
  slug: string;
  title: string;
}

/**
 * Three songs with a cover that only this test's search finds (a tag of its own), so the list's cards are these
 * three. Their order on the list is not the order they were added in: a journey beside this one may reorder
 * the catalogue meanwhile.
 */
async function threeSongs(api: APIRequestContext): Promise<{ tag: string; songs: Song[] }> {
  const tag = `player-${suffix()}`;
  const audio = synthesizeMp3({ seconds: SONG_SECONDS, seed: 5 });
  const cover = await makeCoverPng(['#7a1f2b', '#fbbf24'], 400);
  const songs: Song[] = [];
  for (const name of ['Porchlight Overture', 'Second Verse Blues', 'Third Gear Shuffle']) {
    const title = `${name} ${suffix()}`;
    const values = {
      title,
      slug: slugify(title),
      description: `${title}: a song for the player journey.`,
      lyrics: 'A verse\nA chorus',
      writerInfo: WRITER,
      tags: [tag],
      isActive: true,
    };
    const res = await api.post('/api/admin/songs', {
      headers: { Origin: inject('baseUrl') },
      multipart: {
        data: JSON.stringify(values),
        audio: { name: 'song.mp3', mimeType: 'audio/mpeg', buffer: audio },
        image: { name: 'cover.png', mimeType: 'image/png', buffer: cover },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const song = (await res.json()) as { id: string; slug: string };
    await songMeasured(api, song.slug);
    songs.push({ ...song, title });
  }
  return { tag, songs };
}

const audioTime = (page: Page) => page.evaluate(() => document.querySelector('audio')!.currentTime);
const audioPaused = (page: Page) => page.evaluate(() => document.querySelector('audio')!.paused);
/** The song moves on in real time: the playhead passes where it is now. */
async function expectPlaying(page: Page) {
  const from = await audioTime(page);
  await expect.poll(() => audioTime(page)).toBeGreaterThan(from + 0.3);
}
const sessionTitle = (page: Page) => page.evaluate(() => navigator.mediaSession.metadata?.title ?? null);

async function depthOf(api: APIRequestContext, song: Song): Promise<SongListenDepth> {
  const res = await api.get(`/api/admin/preview-activity/songs/${song.id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as SongListenDepth;
}

describe('the persistent player', () => {
  test('a song started from its card plays on across pages, is stored once with its depth, and the queue answers the bar and the keys', async () => {
    const api = await browser.adminApi();
    const { tag, songs } = await threeSongs(api);

    const page = await browser.open('preview', `/songs?q=${tag}`);
    const cards = page.getByRole('heading', { level: 2 });
    await expect.poll(() => cards.count()).toBe(3);
    // Nothing plays, and no bar, until the listener asks: not even after a song's page was opened and left unplayed.
    await page.getByRole('link', { name: `Listen to ${songs[1]!.title}` }).click();
    await page.getByRole('group', { name: `Audio player: ${songs[1]!.title}` }).waitFor();
    await page.goBack();
    await expect.poll(() => cards.count()).toBe(3);
    expect(await page.getByRole('region', { name: m.barLabel }).count()).toBe(0);
    expect(await page.evaluate(() => document.querySelector('audio')!.getAttribute('src'))).toBeNull();

    // First, second and third as the cards show them: the queue's order.
    const shown = (await cards.allTextContents()).map((title) => songs.find((s) => s.title === title)!);
    const [first, second, third] = shown as [Song, Song, Song];
    expect(new Set(shown).size).toBe(3);
    await page.getByRole('button', { name: m.playSong(first.title) }).click();
    const bar = page.getByRole('region', { name: m.barLabel });
    await bar.getByRole('link', { name: first.title }).waitFor();
    await bar.getByText(WRITER).waitFor();
    await page.getByRole('button', { name: m.pauseSong(first.title) }).waitFor();
    await expectPlaying(page);
    // The lock screen and headphones know the song, who it is by, and its cover.
    expect(await sessionTitle(page)).toBe(first.title);
    const session = await page.evaluate(() => ({
      artist: navigator.mediaSession.metadata?.artist,
      artwork: navigator.mediaSession.metadata?.artwork.map((a) => a.src) ?? [],
      state: navigator.mediaSession.playbackState,
    }));
    expect(session).toEqual({ artist: WRITER, artwork: [expect.stringContaining('/api/files/')], state: 'playing' });
    // The first song of the queue has none before it.
    expect(await bar.getByRole('button', { name: m.previous }).isDisabled()).toBe(true);
    await expectNoSeriousA11yViolations(page, 'the list with the bar');

    // Another song's page: the bar plays on above it, and that page's own player waits for its song.
    await page.getByRole('link', { name: `Listen to ${third.title}` }).click();
    await page.getByRole('heading', { level: 1, name: third.title }).waitFor();
    await bar.getByRole('link', { name: first.title }).waitFor();
    await expectPlaying(page);
    const thirdPlayer = page.getByRole('group', { name: `Audio player: ${third.title}` });
    await thirdPlayer.getByRole('button', { name: 'Play', exact: true }).waitFor();
    // Typing in a field is typing: Space, N and P do nothing to the player there.
    const comment = page.getByLabel('Comment', { exact: true });
    await comment.click();
    await page.keyboard.type('n p ');
    expect(await comment.inputValue()).toBe('n p ');
    await bar.getByRole('link', { name: first.title }).waitFor();
    expect(await audioPaused(page)).toBe(false);
    await expectNoSeriousA11yViolations(page, 'another song page with the bar');

    // My holds, from the site's menu: still playing.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My holds' }).click();
    await page.getByRole('heading', { level: 1, name: 'My holds' }).waitFor();
    await bar.getByRole('link', { name: first.title }).waitFor();
    await expectPlaying(page);
    await expectNoSeriousA11yViolations(page, 'My holds with the bar');

    // Space pauses (focus is on the page, not on a button); the pause reports the play: one row, as deep as it got.
    await page.keyboard.press('Space');
    await bar.getByRole('button', { name: 'Play', exact: true }).waitFor();
    expect(await audioPaused(page)).toBe(true);
    const pausedAt = await audioTime(page);
    expect(pausedAt).toBeGreaterThan(1);
    // The furthest point is counted up to the last progress event before the pause (they come every 250 ms) and
    // sent in whole tenths: up to 0.35 s short, hence the slack, as in the listening journey.
    await expect.poll(async () => (await depthOf(api, first)).listeners[0]?.furthestSeconds ?? 0).toBeGreaterThanOrEqual(pausedAt - 0.351);
    let depth = await depthOf(api, first);
    expect(depth.plays).toBe(1);
    expect(depth.listeners).toEqual([expect.objectContaining({ name: 'Dana Preview', plays: 1, completed: false })]);
    expect(depth.listeners[0]!.furthestSeconds).toBeLessThan(pausedAt + 0.5);

    // Space plays on, N plays the next card's song, P the one before, and the bar's Next button the next again.
    await page.keyboard.press('Space');
    await bar.getByRole('button', { name: 'Pause', exact: true }).waitFor();
    await expectPlaying(page);
    await page.keyboard.press('n');
    await bar.getByRole('link', { name: second.title }).waitFor();
    await expectPlaying(page);
    expect(await sessionTitle(page)).toBe(second.title);
    await page.keyboard.press('p');
    await bar.getByRole('link', { name: first.title }).waitFor();
    await expectPlaying(page);
    await bar.getByRole('button', { name: m.next }).click();
    await bar.getByRole('link', { name: second.title }).waitFor();
    await expectPlaying(page);
    // Left and Right skip 5 seconds.
    const before = await audioTime(page);
    await page.keyboard.press('ArrowRight');
    expect(await audioTime(page)).toBeGreaterThanOrEqual(before + 4.9);
    await page.keyboard.press('ArrowLeft');
    expect(await audioTime(page)).toBeLessThan(before + 4.9);

    // The bar's title opens the song's page: the page's player is the same one, playing, and the bar gives way to it.
    await bar.getByRole('link', { name: second.title }).click();
    await page.getByRole('heading', { level: 1, name: second.title }).waitFor();
    const secondPlayer = page.getByRole('group', { name: `Audio player: ${second.title}` });
    await secondPlayer.getByRole('button', { name: 'Pause' }).waitFor();
    await expect.poll(() => bar.count()).toBe(0);
    await expectPlaying(page);
    // Pausing and playing it there goes on with the same play.
    await secondPlayer.getByRole('button', { name: 'Pause' }).click();
    await secondPlayer.getByRole('button', { name: 'Play', exact: true }).click();
    await expectPlaying(page);
    await secondPlayer.getByRole('button', { name: 'Pause' }).click();
    await secondPlayer.getByRole('button', { name: 'Play', exact: true }).waitFor();
    const secondPausedAt = await audioTime(page);
    await expectNoSeriousA11yViolations(page, "the playing song's own page");

    // One play per listen: the first song twice (its card, then P), the second twice (N, then Next), the third never.
    await expect.poll(async () => (await depthOf(api, second)).plays).toBe(2);
    await expect
      .poll(async () => (await depthOf(api, second)).listeners[0]?.furthestSeconds ?? 0)
      .toBeGreaterThanOrEqual(secondPausedAt - 0.351);
    depth = await depthOf(api, first);
    expect(depth.plays).toBe(2);
    expect(depth.listeners[0]!.furthestSeconds).toBeGreaterThanOrEqual(pausedAt);
    expect((await depthOf(api, third)).plays).toBe(0);
  }, 120_000);

  test("a pitch link's recipient plays the shortlist in one player: the bar keeps the song in reach down the page, and N moves on", async () => {
    const api = await browser.adminApi();
    const { songs } = await threeSongs(api);
    const [first, second] = songs as [Song, Song, Song];
    const created = await api.post('/api/admin/pitch-links', {
      headers: { Origin: inject('baseUrl') },
      data: {
        recipientName: 'Rae Listener',
        recipientEmail: `rae-${suffix()}@example.com`,
        expiresOn: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
        songIds: songs.map((s) => s.id),
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const link = (await created.json()) as { id: string; url: string };

    const page = await browser.open(undefined, new URL(link.url).pathname);
    const firstPlayer = page.getByRole('group', { name: `Audio player: ${first.title}` });
    await firstPlayer.getByRole('button', { name: 'Play', exact: true }).click();
    await firstPlayer.getByRole('button', { name: 'Pause' }).waitFor();
    await expectPlaying(page);
    // Its own player is on screen: no bar yet. Down the page, the bar shows the song (no song page to link to).
    const bar = page.getByRole('region', { name: m.barLabel });
    expect(await bar.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await bar.getByText(first.title).waitFor();
    expect(await bar.getByRole('link').count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'a pitch page with the bar');

    // N: the next song of the shortlist, in the same (and only) audio element.
    await page.keyboard.press('n');
    await page
      .getByRole('group', { name: `Audio player: ${second.title}` })
      .getByRole('button', { name: 'Pause' })
      .waitFor();
    await firstPlayer.getByRole('button', { name: 'Play', exact: true }).waitFor();
    await expectPlaying(page);
    expect(await page.evaluate(() => document.querySelectorAll('audio').length)).toBe(1);
    // Space pauses, with focus off the first song's Play button (which Space would press).
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Space');
    expect(await audioPaused(page)).toBe(true);

    // Each song's play is stored against the link, once.
    const activity = async () => {
      const res = await api.get(`/api/admin/pitch-links/${link.id}`);
      return ((await res.json()) as { songs: { songId: string; plays: number }[] }).songs.map((s) => s.plays);
    };
    await expect.poll(activity).toEqual([1, 1, 0]);
  }, 120_000);

  test('on a phone the bar is compact, the page ends above it, and closing it stops the song', async () => {
    const api = await browser.adminApi();
    const { tag, songs } = await threeSongs(api);
    const [first, second] = songs as [Song, Song, Song];

    const page = await browser.open('preview', `/songs?q=${tag}`, 375);
    await page.getByRole('button', { name: m.playSong(first.title) }).click();
    const bar = page.getByRole('region', { name: m.barLabel });
    await bar.getByRole('link', { name: first.title }).waitFor();
    await expectPlaying(page);

    // Along the bottom of the screen, a good deal shorter than a fifth of it.
    const box = (await bar.boundingBox())!;
    expect(box.width).toBe(await page.evaluate(() => document.documentElement.clientWidth));
    expect(Math.round(box.y + box.height)).toBe(800);
    expect(box.height).toBeLessThan(130);
    await expectPageFitsScreen(page);
    await expectNoSeriousA11yViolations(page, 'the list with the bar at 375 px');

    // Scrolled to the very end, the page's last line shows above the bar, not under it.
    const lastLineAboveTheBar = async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const last = (await page.getByText(/All rights reserved/).boundingBox())!;
      const top = (await bar.boundingBox())!.y;
      // Within a pixel: a page of fractional height scrolls only to a whole pixel, so its end may sit a fraction lower.
      return last.y + last.height <= top + 1;
    };
    // Polled: a part of the page that loads after the first paint (the selection's controls) may lengthen it.
    await expect.poll(lastLineAboveTheBar).toBe(true);

    // Another song's page at 375 px: the same.
    await page.getByRole('link', { name: `Listen to ${second.title}` }).click();
    await page.getByRole('heading', { level: 1, name: second.title }).waitFor();
    await bar.getByRole('link', { name: first.title }).waitFor();
    await expectPlaying(page);
    await expect.poll(lastLineAboveTheBar).toBe(true);
    await expectPageFitsScreen(page);
    await expectNoSeriousA11yViolations(page, 'a song page with the bar at 375 px');

    // Closing the player stops the song and takes the bar away; the page no longer keeps room for it.
    await bar.getByRole('button', { name: m.close }).click();
    await expect.poll(() => bar.count()).toBe(0);
    expect(await audioPaused(page)).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.getElementById('root')!).paddingBottom)).toBe('0px');
    // The play it made is stored.
    await expect.poll(async () => (await depthOf(api, first)).plays).toBe(1);
  }, 120_000);
});
