import { describe, expect, inject, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { TestClient } from '../setup/http-client';
import { useBrowser } from './support/browser';
import { expectNoSeriousA11yViolations, toast } from './support/expect';
import { uniqueSuffixPerTest } from './support/unique';

/**
 * The admin allows a stream-only preview user to download; that user saves a song's tagged MP3 and its lyric
 * sheet from the song page, and the admin sees both downloads in Preview Activity.
 */

const suffix = uniqueSuffixPerTest();
const browser = useBrowser();
const m = MESSAGES.downloads;

describe('downloads', () => {
  test('the admin allows downloads; the preview user saves the MP3 and the lyric sheet; the admin sees them', async () => {
    const listener = { name: `Dora Vance ${suffix()}`, email: `dora.${suffix()}@example.test`, password: 'amber-field-lantern-73' };
    const admin = await browser.open('admin', '/admin');
    const origin = new URL(admin.url()).origin;
    const made = await admin.request.post('/api/admin/preview-accounts', {
      headers: { Origin: origin },
      data: { email: listener.email, password: listener.password, name: listener.name, companyName: 'Vance Music' },
    });
    expect(made.status(), await made.text()).toBe(201);
    const catalogue = await admin.request.get('/api/songs');
    const song = ((await catalogue.json()) as { rows: { slug: string; title: string }[] }).rows[0]!;

    // The listener's own session, signed in through the API.
    const client = new TestClient(inject('baseUrl'), inject('baseUrl'));
    expect((await client.post('/api/auth/sign-in/email', { email: listener.email, password: listener.password })).status).toBe(200);
    const session = [...client.cookies].map(([name, value]) => ({ name, value }));

    // 1. Stream only by default: the song page offers no download.
    const user = await (await browser.context({ session })).newPage();
    await user.goto(`/songs/${song.slug}`);
    await user.getByRole('heading', { level: 1, name: song.title }).waitFor();
    expect(await user.getByRole('link', { name: new RegExp(`^${m.downloadMp3}`) }).count()).toBe(0);

    // 2. The admin switches the user to download allowed in Preview Activity.
    await admin.goto('/admin/preview-activity');
    const toggle = admin.getByRole('switch', { name: `Downloads for ${listener.name}` });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await expectNoSeriousA11yViolations(admin, 'preview activity');
    await toggle.click();
    await toast(admin, m.permissionSaved(true)).waitFor();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');

    // 3. The user downloads the MP3 and the lyric sheet.
    await user.reload();
    const mp3Link = user.getByRole('link', { name: `${m.downloadMp3}: ${song.title}` });
    await mp3Link.waitFor();
    await expectNoSeriousA11yViolations(user, 'song page with downloads');
    const [mp3] = await Promise.all([user.waitForEvent('download'), mp3Link.click()]);
    expect(mp3.suggestedFilename()).toBe(`${song.slug}.mp3`);
    const [sheet] = await Promise.all([
      user.waitForEvent('download'),
      user.getByRole('link', { name: `${m.lyricSheet}: ${song.title}` }).click(),
    ]);
    expect(sheet.suggestedFilename()).toBe(`${song.slug}-lyric-sheet.pdf`);

    // 4. The admin sees both downloads.
    await admin.reload();
    const list = admin.getByRole('list', { name: 'Latest downloads' });
    await list.getByText(`${listener.name} downloaded the MP3 of ${song.title}`).waitFor();
    await list.getByText(`${listener.name} downloaded the lyric sheet of ${song.title}`).waitFor();
    await expectNoSeriousA11yViolations(admin, 'preview activity with downloads');

    // 5. Choosing the listener shows their own downloads, newest first, beside their plays.
    await admin.getByRole('button', { name: listener.name, exact: true }).click();
    const theirs = admin
      .getByRole('region', { name: m.userDownloadsHeading(listener.name) })
      .getByRole('list', { name: m.userDownloadsHeading(listener.name) });
    await theirs.getByRole('listitem').first().waitFor();
    expect(await theirs.getByRole('listitem').allTextContents()).toEqual([
      expect.stringContaining(`${m.downloaded('lyric_sheet')} ${song.title}`),
      expect.stringContaining(`${m.downloaded('mp3')} ${song.title}`),
    ]);
    await expectNoSeriousA11yViolations(admin, "a preview user's downloads");
  }, 120_000);
});
