import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { useBrowser } from './support/browser';
import { expectNoSeriousA11yViolations, expectPageFitsScreen, toast } from './support/expect';
import { uniqueSuffix } from './support/unique';

/**
 * Bulk import: the admin chooses two MP3s and a CSV whose second song's writer shares add up to 99%, reads that
 * row's problem in the preview (nothing saved, no import offered), chooses the fixed CSV, imports both songs and
 * finds them in Manage Songs, unpublished.
 */

const browser = useBrowser();
let dir: string;
const run = uniqueSuffix();
const files = { first: `first-${run}.mp3`, second: `second-${run}.mp3` };
const titles = { first: `Harbour Lights ${run}`, second: `Paper Moons ${run}` };

function csvWith(secondWriters: string) {
  return stringify([
    ['title', 'writers', 'genre', 'bpm', 'key', 'tags', 'lyrics', 'description', 'audio_file'],
    [
      titles.first,
      'Jo Whitfield (BMI, IPI 00123456789) 50%; Casey Rivers 50%',
      'Folk',
      '84',
      'D major',
      'coastal; slow',
      'Lights on the water',
      'A quiet one.',
      files.first,
    ],
    [titles.second, secondWriters, 'Pop', '120', 'A minor', 'summer', 'Folded moons', 'A bright one.', files.second],
  ]);
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'pitchroom-import-e2e-'));
  writeFileSync(path.join(dir, files.first), synthesizeMp3({ seconds: 2 }));
  writeFileSync(path.join(dir, files.second), synthesizeMp3({ seconds: 2 }));
  writeFileSync(path.join(dir, 'bad.csv'), csvWith('Sam Ortiz (PRS) 50%; Lee Park 49%'));
  writeFileSync(path.join(dir, 'fixed.csv'), csvWith('Sam Ortiz (PRS) 50%; Lee Park 50%'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('importing songs from a CSV', () => {
  test('a row whose shares miss 100% is named and blocks the import; the fixed CSV imports both songs', async () => {
    const admin = await browser.open('admin', '/admin/songs');
    await admin.getByRole('link', { name: 'Import from CSV' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Import Songs' }).waitFor();
    await expect
      .poll(() => admin.getByRole('link', { name: 'Download the template' }).getAttribute('download'))
      .toBe('song-import-template.csv');
    await expectNoSeriousA11yViolations(admin, 'the import page, empty');

    await admin.getByLabel('MP3 files').setInputFiles([path.join(dir, files.first), path.join(dir, files.second)]);
    const chosen = admin.getByRole('list', { name: 'Chosen MP3s' });
    await expect.poll(() => chosen.getByText('Uploaded').count(), { timeout: 30_000 }).toBe(2);

    await admin.getByLabel('CSV file').setInputFiles(path.join(dir, 'bad.csv'));
    const problem = `Row 3: ${MESSAGES.songs.writerSharesTotal('99')}`;
    await admin.getByRole('alert').getByText(problem).waitFor();
    await admin.getByRole('cell', { name: problem }).waitFor();
    expect(await admin.getByRole('button', { name: 'Import 2 songs' }).isDisabled()).toBe(true);
    await expectNoSeriousA11yViolations(admin, 'the import preview with a row error');

    await admin.getByLabel('CSV file').setInputFiles(path.join(dir, 'fixed.csv'));
    await admin.getByText('Every row is ready to import.').waitFor();
    const importButton = admin.getByRole('button', { name: 'Import 2 songs' });
    await expect.poll(() => importButton.isEnabled()).toBe(true);
    await expectNoSeriousA11yViolations(admin, 'the import preview, every row ready');
    await importButton.click();

    await toast(admin, MESSAGES.songImport.imported(2)).waitFor();
    await admin.getByRole('heading', { level: 1, name: 'Manage Songs' }).waitFor();
    // Both arrive unpublished, for the admin to listen to before offering them.
    for (const title of [titles.first, titles.second]) {
      const row = admin.getByRole('row').filter({ hasText: title });
      await row.waitFor();
      expect(await row.getByText('Inactive').count()).toBe(1);
    }
    await expectNoSeriousA11yViolations(admin, 'Manage Songs after the import');

    // The page at 375 px: the format notes, the pickers and the table fit the phone.
    const phone = await browser.open('admin', '/admin/songs/import', 375);
    await phone.getByRole('heading', { level: 1, name: 'Import Songs' }).waitFor();
    await expectPageFitsScreen(phone);
    await expectNoSeriousA11yViolations(phone, 'the import page at 375 px');
  }, 120_000);
});
