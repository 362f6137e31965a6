import { randomUUID } from 'node:crypto';
import { expect, inject, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { slugify } from '../../src/common/schemas/songs';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { useBrowser } from './support/browser';
import { expectNoSeriousA11yViolations } from './support/expect';
import { uniqueSuffix } from './support/unique';

/** An old link to what is no longer there lands on a list that says why, rather than on the list alone. */

const browser = useBrowser();

test('a hidden song’s old link lands on the catalogue, which says the song is no longer in it', async () => {
  const api = await browser.adminApi();
  const title = `Gone Before Morning ${uniqueSuffix()}`;
  const res = await api.post('/api/admin/songs', {
    headers: { Origin: inject('baseUrl') },
    multipart: {
      data: JSON.stringify({
        title,
        slug: slugify(title),
        description: 'A song taken down after its link went out.',
        lyrics: 'A verse\nA chorus',
        tags: [],
        isActive: false,
      }),
      audio: { name: 'song.mp3', mimeType: 'audio/mpeg', buffer: synthesizeMp3({ seconds: 5, seed: 8 }) },
    },
  });
  expect(res.status(), await res.text()).toBe(201);

  const page = await browser.open('preview', `/songs/${slugify(title)}`);
  await page.waitForURL((url) => url.pathname === '/songs');
  const notice = page.getByRole('status').filter({ hasText: MESSAGES.songs.staleSongTitle });
  await notice.waitFor();
  await notice.getByText(MESSAGES.songs.staleSongBody).waitFor();
  await page.getByRole('heading', { level: 1, name: MESSAGES.songs.listTitle }).waitFor();
  await expectNoSeriousA11yViolations(page, 'the catalogue after a stale song link');

  // It belongs to that arrival: the list reached another way says nothing of it.
  await page.goto('/songs?q=morning');
  await page.getByRole('heading', { level: 1, name: MESSAGES.songs.listTitle }).waitFor();
  expect(await page.getByText(MESSAGES.songs.staleSongTitle).count()).toBe(0);
});

test('an admin’s old link to a deleted song’s edit page lands on the song list, which says the song no longer exists', async () => {
  const page = await browser.open('admin', `/admin/songs/edit/${randomUUID()}`);
  await page.waitForURL((url) => url.pathname === '/admin/songs');
  await page.getByRole('status').filter({ hasText: MESSAGES.songs.staleAdminSongTitle }).waitFor();
  await page.getByRole('heading', { level: 1, name: 'Manage Songs' }).waitFor();
  await expectNoSeriousA11yViolations(page, 'the song list after a stale edit link');
});
