import { beforeAll, describe, expect, inject, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { TestClient } from '../setup/http-client';
import { useBrowser } from './support/browser';
import { knownTempoAndKeyMp3 } from './support/known-tempo-and-key';
import { expectNoSeriousA11yViolations, toast } from './support/expect';
import { fillWriter } from './support/songs';
import { uniqueSuffix } from './support/unique';

/**
 * What a publisher needs to say yes, end to end: the admin adds a song with two writers and their shares,
 * uploads its MP3 and sees the tempo and key detected; gives a preview user download permission; that user
 * downloads the tagged MP3 and the lyric sheet; the admin sees the downloads in Preview Activity.
 */

const browser = useBrowser();
const a = MESSAGES.audioAnalysis;
const d = MESSAGES.downloads;
let mp3: ReturnType<typeof knownTempoAndKeyMp3>;

beforeAll(() => {
  mp3 = knownTempoAndKeyMp3('county-line.mp3');
});

describe('a song a publisher can clear', () => {
  test('writers and splits, tempo and key detected, downloads allowed, taken and seen by the admin', async () => {
    const run = uniqueSuffix();
    const title = `County Line Credit ${run}`;
    const listener = { name: `Noor Haddad ${run}`, email: `noor.${run}@example.test`, password: 'copper-kettle-harbor-58' };

    // 1. The admin adds the song: writers with shares, the MP3, and the detected BPM and key.
    const admin = await browser.open('admin', '/admin/songs/new');
    await admin.getByRole('heading', { level: 1, name: 'Add New Song' }).waitFor();
    await admin.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await admin.getByRole('textbox', { name: 'Description', exact: true }).fill('Two writers and a county line.');
    await admin.getByRole('textbox', { name: 'Lyrics', exact: true }).fill('Past the county line\nthe radio comes in clear');
    await admin.getByLabel('Audio file (MP3)').setInputFiles(mp3);
    await admin.getByRole('button', { name: 'Add writer' }).click();
    await fillWriter(admin, 1, { name: `Ada Brooks ${run}`, pro: 'ASCAP', publisher: 'Brooks Tunes', share: '50' });
    await admin.getByRole('button', { name: 'Add writer' }).click();
    await fillWriter(admin, 2, { name: `Cal Mercer ${run}`, pro: 'BMI', share: '50' });
    await admin.getByText('Total: 100%', { exact: true }).waitFor();
    await expect.poll(() => admin.getByRole('spinbutton', { name: 'BPM' }).inputValue()).toBe('128');
    await admin.getByText(a.detectedHint).waitFor();
    await admin.getByText(a.detectedKey('A minor')).waitFor();
    expect(await admin.getByRole('combobox', { name: 'Key', exact: true }).inputValue()).toBe('A minor');
    await expectNoSeriousA11yViolations(admin, 'the song form with writers and detected values');
    const created = admin.waitForResponse((r) => r.url().endsWith('/api/admin/songs') && r.request().method() === 'POST');
    await admin.getByRole('button', { name: 'Create Song' }).click();
    expect((await created).status()).toBe(201);
    const { slug } = (await (await created).json()) as { slug: string };
    await toast(admin, MESSAGES.songs.created).waitFor();

    // 2. A preview user, stream only until the admin allows downloads in Preview Activity.
    const origin = new URL(admin.url()).origin;
    const made = await admin.request.post('/api/admin/preview-accounts', {
      headers: { Origin: origin },
      data: { email: listener.email, password: listener.password, name: listener.name, companyName: 'Haddad Publishing' },
    });
    expect(made.status(), await made.text()).toBe(201);
    await admin.goto('/admin/preview-activity');
    const toggle = admin.getByRole('switch', { name: `Downloads for ${listener.name}` });
    await toggle.click();
    await toast(admin, d.permissionSaved(true)).waitFor();

    // 3. The user downloads the MP3 and the lyric sheet from the song page, which credits the writers.
    const client = new TestClient(inject('baseUrl'), inject('baseUrl'));
    expect((await client.post('/api/auth/sign-in/email', { email: listener.email, password: listener.password })).status).toBe(200);
    const user = await (await browser.context({ session: [...client.cookies].map(([name, value]) => ({ name, value })) })).newPage();
    await user.goto(`/songs/${slug}`);
    await user.getByRole('heading', { level: 1, name: title }).waitFor();
    await user.getByText(`Ada Brooks ${run}`).first().waitFor();
    const [song] = await Promise.all([
      user.waitForEvent('download'),
      user.getByRole('link', { name: `${d.downloadMp3}: ${title}` }).click(),
    ]);
    expect(song.suggestedFilename()).toBe(`${slug}.mp3`);
    const [sheet] = await Promise.all([
      user.waitForEvent('download'),
      user.getByRole('link', { name: `${d.lyricSheet}: ${title}` }).click(),
    ]);
    expect(sheet.suggestedFilename()).toBe(`${slug}-lyric-sheet.pdf`);
    await expectNoSeriousA11yViolations(user, 'the song page with downloads');

    // 4. The admin sees both downloads.
    await admin.reload();
    const list = admin.getByRole('list', { name: 'Latest downloads' });
    await list.getByText(`${listener.name} downloaded the MP3 of ${title}`).waitFor();
    await list.getByText(`${listener.name} downloaded the lyric sheet of ${title}`).waitFor();
    await expectNoSeriousA11yViolations(admin, 'preview activity with the downloads');
  }, 180_000);
});
