import type { APIRequestContext, Page } from 'playwright-core';
import { beforeAll, expect, test, vi } from 'vitest';
import { describeLoudness } from '../../src/common/loudness';
import type { SongFacts } from '../../src/common/responses/audio-analysis';
import { clockTime } from '../../src/common/song-form';
import { useBrowser } from './support/browser';
import { expectNoSeriousA11yViolations } from './support/expect';
import { playhead, submittedSong } from './support/review-journey';
import { addSong } from './support/songs';
import { uniqueSuffix } from './support/unique';
import { factSongMp3s, FACT_SONGS, knownFacts, TOLERANCE_SECONDS } from '../setup/section-songs';

/**
 * The facts measured in a song's audio where people decide about it. A reviewer opens a submission and reads
 * its loudness, its time to the first chorus and its lyric's rhyme scheme before pressing play, then activates
 * the chorus band under the waveform and the player goes there. A buyer narrows the catalogue to songs whose
 * chorus comes by 0:50 and reads the same facts on the song page. The songs are rendered with known sections
 * (the demo's twelve-second clips are too short to have any): tests/setup/section-songs.ts.
 */

const browser = useBrowser();
/** Two people's pages, and a minute of audio analysed twice, on a small shared machine. */
const JOURNEY_MS = 240_000;
const early = knownFacts(FACT_SONGS.early);

/** Four lines that rhyme in pairs: the craft panel reads "A A B B". */
const LYRICS = 'I walk the line at night\nThe city holds me tight\nI wander through the rain\nAnd still I feel the pain';

let mp3s: Awaited<ReturnType<typeof factSongMp3s>>;
beforeAll(async () => {
  mp3s = await factSongMp3s();
}, 180_000);

/** The facts an API answer carries, once the analysis has read the song's sections. */
async function measuredFacts(api: APIRequestContext, url: string, read: (body: never) => SongFacts | undefined): Promise<SongFacts> {
  return vi.waitFor(
    async () => {
      const facts = read((await (await api.get(url)).json()) as never);
      if (!facts?.sections?.length) throw new Error(`the sections of ${url} are not measured yet`);
      return facts;
    },
    { timeout: 90_000, interval: 250 },
  );
}

const seekPosition = async (page: Page) => Number(await page.getByRole('slider', { name: 'Seek' }).first().getAttribute('aria-valuenow'));

test(
  'the reviewer reads the facts before pressing play and goes to the chorus from its band',
  async () => {
    const title = `Early Hook ${uniqueSuffix()}`;
    const writer = await (await browser.context()).newPage();
    const admin = await browser.open('admin', '/admin');
    const reviewId = await submittedSong(writer, admin, { title, lyricsText: LYRICS, audio: mp3s.early });
    const facts = await measuredFacts(
      admin.request,
      `/api/admin/reviews/${reviewId}/studio`,
      (body: { audio?: { facts: SongFacts } }) => body.audio?.facts,
    );
    expect(Math.abs(facts.firstChorusSeconds! - early.firstChorusSeconds)).toBeLessThanOrEqual(TOLERANCE_SECONDS);

    await admin.goto(`/admin/songwriter-reviews/${reviewId}`);
    await admin.getByRole('heading', { level: 1, name: title }).waitFor();
    const panel = admin.getByRole('region', { name: 'Facts' });
    await panel.getByText(describeLoudness(facts.loudness)[0]!).waitFor();
    await expect.poll(() => panel.getByRole('definition').allTextContents()).toContain(clockTime(facts.firstChorusSeconds!));
    await admin.getByText(/rhyme pattern A A B B/).waitFor();
    // Nothing has played: the facts were there before the music.
    expect(await playhead(admin)).toBe(0);
    await expectNoSeriousA11yViolations(admin, 'the reviewer’s studio with its facts');

    // The chorus band, activated from the keyboard, moves the playhead to the chorus.
    const chorus = admin
      .getByRole('list', { name: 'Sections' })
      .getByRole('button', { name: /^Chorus, / })
      .first();
    await chorus.focus();
    await admin.keyboard.press('Enter');
    await expect.poll(async () => Math.abs((await seekPosition(admin)) - facts.firstChorusSeconds!)).toBeLessThanOrEqual(0.1);
    expect(Math.abs((await playhead(admin)) - facts.firstChorusSeconds!)).toBeLessThan(0.1);
  },
  JOURNEY_MS,
);

test(
  'a buyer narrows the catalogue to choruses by 0:50 and reads the facts on the song page',
  async () => {
    const title = `Straight In ${uniqueSuffix()}`;
    const slug = title.toLowerCase().replace(/\s+/g, '-');
    const api = await browser.adminApi();
    await addSong(
      api,
      { title, slug, description: 'Straight into the verse.', lyrics: LYRICS, tags: [], orderIndex: 0, isActive: true },
      { name: 'straight-in.mp3', buffer: mp3s.early },
    );
    const facts = await measuredFacts(api, `/api/songs/${slug}`, (body: { facts?: SongFacts }) => body.facts);

    const buyer = await browser.open('preview', '/songs');
    const cards = buyer.getByRole('main').getByRole('link', { name: /^Listen to / });
    await cards.first().waitFor();
    const before = await cards.count();
    const filters = buyer.getByRole('search', { name: 'Filter songs' });
    await filters.getByLabel('Chorus by').fill('0:50');
    await buyer.waitForURL((url) => url.searchParams.get('chorusBy') === '50');
    const card = buyer.getByRole('link', { name: `Listen to ${title}` });
    await card.waitFor();
    // The demo's clips are too short to have a chorus: they are gone from the list.
    await expect.poll(() => cards.count()).toBeLessThan(before);
    await expectNoSeriousA11yViolations(buyer, 'the catalogue filtered by chorus time');

    // A bad time says how to write one, and the list stays as it was.
    await filters.getByLabel('Intro under').fill('soon');
    await filters.getByText(/Intro under must be a time like 0:50/).waitFor();
    await filters.getByLabel('Intro under').fill('');

    await card.click();
    await buyer.getByRole('heading', { level: 1, name: title }).waitFor();
    const panel = buyer.getByRole('region', { name: 'Facts' });
    await panel.getByText(describeLoudness(facts.loudness)[0]!).waitFor();
    await expect.poll(() => panel.getByRole('definition').allTextContents()).toContain(clockTime(facts.firstChorusSeconds!));
    await panel.getByRole('img', { name: /^Energy over the song/ }).waitFor();
    const chorus = buyer
      .getByRole('list', { name: 'Sections' })
      .getByRole('button', { name: /^Chorus, / })
      .first();
    await chorus.click();
    await expect.poll(async () => Math.abs((await seekPosition(buyer)) - facts.firstChorusSeconds!)).toBeLessThanOrEqual(0.5);
    await expectNoSeriousA11yViolations(buyer, 'the song page with its facts');

    // On a phone the same filters wait in the sheet: the chorus time is there, and an intro limit applies from it.
    const phone = await browser.open('preview', '/songs?chorusBy=50', 375);
    await phone.getByRole('button', { name: /^Filters 1 on$/ }).click();
    const sheet = phone.getByRole('dialog', { name: 'Filters' });
    expect(await sheet.getByLabel('Chorus by').inputValue()).toBe('0:50');
    await sheet.getByLabel('Intro under').fill('0:05');
    await phone.waitForURL((url) => url.searchParams.get('introUnder') === '5');
    await sheet.getByRole('button', { name: /^(Show \d+ songs?|Done)$/ }).click();
    await phone.getByRole('link', { name: `Listen to ${title}` }).waitFor();
  },
  JOURNEY_MS,
);
