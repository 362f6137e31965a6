import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, inject, test, vi } from 'vitest';
import type { MeResponse, PitchLinkDetail } from '../../src/common/responses';
import * as MESSAGES from '../../src/common/messages';
import { slugify } from '../../src/common/schemas/songs';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { useBrowser } from './support/browser';
import { expectNoSeriousA11yViolations, expectPageFitsScreen, toast } from './support/expect';
import { shareLink, shareReplyLink } from './support/outbox';
import { addSong } from './support/songs';
import { uniqueSuffixPerTest } from './support/unique';

/**
 * A buyer shares one of their playlists onward (decision 0084): by e-mail from the app, stream only, with a
 * note. The recipient opens the e-mailed link signed out on a phone, sees who sent it, plays a song past its
 * half, switches to its instrumental at the same point (decision 0086) and writes back; the buyer finds the reply
 * and that recipient's play and depth on My shares.
 */

const baseUrl = inject('baseUrl');
const suffix = uniqueSuffixPerTest();
const m = MESSAGES.pitching;
const browser = useBrowser();
const mp3 = synthesizeMp3({ seconds: 8, seed: 23 });
/** The demo preview user's company (src/server/db/seed/seed.ts). */
const BUYER_COMPANY = 'Broadway & Demonbreun Publishing';

async function createSong(api: APIRequestContext, title: string) {
  const values = {
    title,
    slug: slugify(title),
    description: `${title}, written for the sharing journey.`,
    lyrics: `First verse of ${title}\n\nThe chorus`,
    genre: 'Country',
    bpm: 90,
    tags: ['e2e'],
    isActive: true,
  };
  return { ...(await addSong(api, values, { name: 'song.mp3', buffer: mp3 })), title };
}

/** The admin adds an instrumental to a song through the admin API, and waits until it is measured. */
async function addInstrumental(api: APIRequestContext, song: { id: string; slug: string }) {
  const res = await api.post(`/api/admin/songs/${song.id}/versions`, {
    headers: { Origin: baseUrl },
    multipart: {
      data: JSON.stringify({ kind: 'instrumental', label: 'Instrumental' }),
      file: { name: 'instrumental.mp3', mimeType: 'audio/mpeg', buffer: synthesizeMp3({ seconds: 8, seed: 24 }) },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await vi.waitFor(
    async () => {
      const read = (await (await api.get(`/api/songs/${song.slug}`)).json()) as {
        versions: { kind: string; durationSeconds: number | null }[];
      };
      if (!read.versions.some((v) => v.kind === 'instrumental' && v.durationSeconds !== null)) throw new Error('not measured yet');
    },
    { timeout: 30_000, interval: 200 },
  );
}

const audioTime = (page: Page) => page.evaluate(() => document.querySelector('audio')!.currentTime);
const audioSrc = (page: Page) => page.evaluate(() => document.querySelector('audio')!.getAttribute('src'));

describe('sharing onward', () => {
  test('a buyer e-mails a playlist stream only with a note; the recipient listens on a phone and replies; the buyer sees it', async () => {
    const api = await browser.adminApi();
    const first = await createSong(api, `Mile Marker Nine ${suffix()}`);
    const second = await createSong(api, `Cedar Porch ${suffix()}`);
    await addInstrumental(api, first);
    const recipient = { name: `Jo Tanner ${suffix()}`, email: `jo.${suffix()}@example.test` };
    const playlistName = `For Jo ${suffix()}`;

    // 1. The buyer's playlist, and Share on its page.
    const buyer = await browser.open('preview', '/playlists');
    const me = (await (await buyer.request.get('/api/me')).json()) as MeResponse;
    const made = await buyer.request.post('/api/playlists', {
      headers: { Origin: baseUrl },
      data: { name: playlistName, songIds: [first.id, second.id] },
    });
    expect(made.status()).toBe(201);
    const { id: playlistId } = (await made.json()) as { id: string };
    await buyer.goto(`/playlists/${playlistId}`);
    await buyer.getByRole('heading', { level: 1, name: playlistName }).waitFor();
    await buyer.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = buyer.getByRole('dialog', { name: `Share “${playlistName}”` });
    // The shared schema speaks before anything is sent.
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await dialog.getByText(m.recipientNameRequired).waitFor();
    await expectNoSeriousA11yViolations(buyer, 'the share dialog');

    await dialog.getByRole('textbox', { name: 'Their name' }).fill(recipient.name);
    await dialog.getByRole('textbox', { name: 'Their email' }).fill(recipient.email);
    await dialog.getByRole('textbox', { name: 'Note' }).fill('Jo, these two feel like your fall record.');
    expect(await dialog.getByRole('radio', { name: MESSAGES.downloads.streamOnlyOption }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: /Email the link to them/ }).isChecked()).toBe(true);
    const created = buyer.waitForResponse((r) => r.url().endsWith('/api/shares') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    expect((await created).status()).toBe(201);
    const { id: shareId } = (await (await created).json()) as { id: string };
    await toast(buyer, m.shareEmailed(recipient.email)).waitFor();
    await dialog.getByRole('textbox', { name: 'The new link' }).waitFor();
    await expectNoSeriousA11yViolations(buyer, 'the share dialog with its link');

    // 2. The e-mailed link, from the outbox, opens signed out on a phone.
    const link = await shareLink(api, recipient.email);
    expect(await dialog.getByRole('textbox', { name: 'The new link' }).inputValue()).toBe(link);
    const listener = await browser.open(undefined, link, 375);
    await listener.getByRole('heading', { level: 1, name: `${me.user!.name} shared songs with you` }).waitFor();
    await listener.getByText(`Sent by ${me.user!.name}, ${BUYER_COMPANY}`).waitFor();
    await listener.getByText('Jo, these two feel like your fall record.').waitFor();
    expect(await listener.getByRole('list', { name: 'Songs' }).getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      first.title,
      second.title,
    ]);
    // Stream only: no download on the page.
    expect(await listener.getByRole('link', { name: /download/i }).count()).toBe(0);
    await listener.getByText(`Lyrics of ${first.title}`).click();
    await listener.getByText(`First verse of ${first.title}`).waitFor();
    await expectPageFitsScreen(listener);
    await expectNoSeriousA11yViolations(listener, 'a share page at 375px');

    // 3. The first song played past its half, in the persistent player.
    const player = listener.getByRole('group', { name: `Audio player: ${first.title}` });
    await player.getByRole('button', { name: 'Play', exact: true }).click();
    await player.getByRole('button', { name: 'Pause' }).waitFor();
    const seek = player.getByRole('slider', { name: 'Seek' });
    await expect.poll(async () => Number(await seek.getAttribute('aria-valuenow')), { timeout: 20_000 }).toBeGreaterThan(4.5);
    await player.getByRole('button', { name: 'Pause' }).click();
    // The pause's report stored: the depth the buyer will read, past the half of 8 s.
    await expect
      .poll(async () => {
        const detail = (await (await buyer.request.get(`/api/shares/${shareId}`)).json()) as PitchLinkDetail;
        return detail.songs.find((s) => s.songId === first.id)?.furthestSeconds ?? 0;
      })
      .toBeGreaterThan(4);

    // The share offers the song's instrumental: chosen, it takes over at the same point, and plays on from there.
    const versions = listener.getByRole('group', { name: MESSAGES.songVersions.switchLabel });
    expect(await versions.getByRole('radio', { name: 'Full demo' }).isChecked()).toBe(true);
    const demoSrc = await audioSrc(listener);
    const at = await audioTime(listener);
    expect(at).toBeGreaterThan(4);
    await versions.getByText('Instrumental', { exact: true }).click();
    expect(await versions.getByRole('radio', { name: 'Instrumental' }).isChecked()).toBe(true);
    await expect.poll(() => audioSrc(listener)).not.toBe(demoSrc);
    expect(Math.abs((await audioTime(listener)) - at)).toBeLessThan(0.5);
    expect(Number(await seek.getAttribute('aria-valuenow'))).toBeGreaterThan(4);
    await expectNoSeriousA11yViolations(listener, 'a share page with the instrumental chosen, at 375px');
    await player.getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(() => audioTime(listener), { timeout: 15_000 }).toBeGreaterThan(at + 0.3);
    await player.getByRole('button', { name: 'Pause' }).click();

    // 4. A reply to the buyer.
    const reply = listener.getByRole('region', { name: `Reply to ${me.user!.name}` });
    await reply.getByRole('textbox', { name: 'Your message' }).fill('Mile Marker Nine is a yes. Can we hold it?');
    await reply.getByRole('button', { name: 'Send message' }).click();
    await reply.getByText(m.replySent(me.user!.name)).waitFor();
    await expectNoSeriousA11yViolations(listener, 'a share page after a reply, at 375px');

    // 5. The buyer hears of it by e-mail, and sees it with the play and its depth on My shares.
    expect(await shareReplyLink(api, me.user!.email)).toBe(`${baseUrl}/shares/${shareId}`);
    await buyer.goto('/shares');
    await buyer.getByRole('heading', { level: 1, name: 'My shares' }).waitFor();
    const row = buyer.getByRole('row').filter({ hasText: recipient.name });
    await row.getByText('1 new reply').waitFor();
    await row.getByText(`Playlist “${playlistName}”`).waitFor();
    await expectNoSeriousA11yViolations(buyer, '/shares');
    await row.getByRole('link', { name: recipient.name }).click();
    await buyer.getByRole('heading', { level: 1, name: `Shared with ${recipient.name}` }).waitFor();
    const played = buyer.getByRole('row').filter({ hasText: first.title });
    expect(await played.getByRole('cell').nth(0).textContent()).toBe('1');
    expect(await played.getByRole('cell').nth(2).textContent()).toMatch(/^0:0[4-8] of 0:0[78]/);
    expect(await buyer.getByRole('row').filter({ hasText: second.title }).getByRole('cell').nth(0).textContent()).toBe('0');
    await buyer.getByText('Mile Marker Nine is a yes. Can we hold it?').waitFor();
    await expectNoSeriousA11yViolations(buyer, 'a share page of My shares');
  });
});
