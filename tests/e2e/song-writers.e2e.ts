import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { useBrowser } from './support/browser';
import { expectNoSeriousA11yViolations, expectPageFitsScreen, toast } from './support/expect';
import { fillWriter } from './support/songs';
import { uniqueSuffix } from './support/unique';

/**
 * Writers and splits: the admin credits a new song to two writers, is told the shares miss 100% (60/39),
 * fixes them (60/40), sets the key and the one-stop flag and saves; a preview user finds it among the
 * one-stop songs and by a writer's name, and reads its writers, shares and key on its page.
 */

const browser = useBrowser();
let dir: string;
let mp3: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'pitchroom-writers-e2e-'));
  mp3 = path.join(dir, 'demo.mp3');
  writeFileSync(mp3, synthesizeMp3({ seconds: 2 }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The text of each row's cells that show at this width, its spacing made single. */
const shownCells = (rows: Locator) =>
  rows.evaluateAll((trs) =>
    trs.map((tr) =>
      [...tr.children]
        .filter((cell) => getComputedStyle(cell).display !== 'none')
        .map((cell) => (cell as HTMLElement).innerText.replace(/\s+/g, ' ').trim()),
    ),
  );

/** Fills one writer's group of fields: "Writer 1", "Writer 2"… */
describe('writers, splits, key and one-stop', () => {
  test('the admin credits two writers (60/39 refused, 60/40 saved); a preview user finds the song by one-stop and by a writer, and reads its splits', async () => {
    const run = uniqueSuffix();
    const title = `Split the Difference ${run}`;
    const first = `Delphine Okafor ${run}`;
    const second = `Wren Castellanos ${run}`;

    // ---------------------------------------------------------------- the admin's form
    const admin = await browser.open('admin', '/admin/songs/new');
    await admin.getByRole('heading', { level: 1, name: 'Add New Song' }).waitFor();
    await admin.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await admin
      .getByRole('textbox', { name: 'Description', exact: true })
      .fill('Two writers, one chorus, and an argument about the bridge.');
    await admin.getByRole('textbox', { name: 'Lyrics', exact: true }).fill('You take the verse\nI take the chorus');
    await admin.getByLabel('Audio file (MP3)').setInputFiles(mp3);

    // Writers are added with the keyboard: the new group's name field takes the focus.
    await admin.getByRole('button', { name: 'Add writer' }).focus();
    await admin.keyboard.press('Enter');
    await expect.poll(() => admin.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('writers.0.name');
    await fillWriter(admin, 1, { name: first, pro: 'SOCAN', ipi: '00111222333', publisher: 'Maple Road Songs', share: '60' });
    await admin.getByRole('button', { name: 'Add writer' }).click();
    // The second writer is offered what is left of the song.
    expect(await admin.getByRole('group', { name: 'Writer 2' }).getByRole('spinbutton', { name: 'Share (%)' }).inputValue()).toBe('40');
    await fillWriter(admin, 2, { name: second, pro: 'BMI', share: '39' });
    await admin.getByText('Total: 99% of 100%').waitFor();

    await admin.getByRole('combobox', { name: 'Key', exact: true }).selectOption('A minor');
    const oneStop = admin.getByRole('switch', { name: MESSAGES.songs.oneStop });
    await oneStop.click();
    expect(await oneStop.getAttribute('aria-checked')).toBe('true');

    // 60/39: the form says so and sends nothing.
    const posts: string[] = [];
    admin.on('request', (r) => void (r.url().endsWith('/api/admin/songs') && r.method() === 'POST' && posts.push(r.url())));
    await admin.getByRole('button', { name: 'Create Song' }).click();
    await admin.getByRole('alert').filter({ hasText: 'Writer shares must add up to 100% (now 99%)' }).waitFor();
    expect(posts).toEqual([]);
    await expectNoSeriousA11yViolations(admin, 'the song form with the shares refused');

    await admin.getByRole('group', { name: 'Writer 2' }).getByRole('spinbutton', { name: 'Share (%)' }).fill('40');
    await admin.getByText('Total: 100%', { exact: true }).waitFor();
    const created = admin.waitForResponse((r) => r.url().endsWith('/api/admin/songs') && r.request().method() === 'POST');
    await admin.getByRole('button', { name: 'Create Song' }).click();
    expect((await created).status()).toBe(201);
    const { id } = (await (await created).json()) as { id: string };
    await admin.waitForURL('**/admin/songs');
    await toast(admin, MESSAGES.songs.created).waitFor();

    // Opened again, the form holds the writers in their order, the key and the flag.
    await admin.goto(`/admin/songs/edit/${id}`);
    await admin.getByRole('heading', { level: 1, name: 'Edit Song' }).waitFor();
    const writerTwo = admin.getByRole('group', { name: 'Writer 2' });
    await expect.poll(() => writerTwo.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe(second);
    expect(await writerTwo.getByRole('spinbutton', { name: 'Share (%)' }).inputValue()).toBe('40');
    expect(await admin.getByRole('group', { name: 'Writer 1' }).getByRole('textbox', { name: 'IPI/CAE number' }).inputValue()).toBe(
      '00111222333',
    );
    expect(await admin.getByRole('combobox', { name: 'Key', exact: true }).inputValue()).toBe('A minor');
    expect(await admin.getByRole('switch', { name: MESSAGES.songs.oneStop }).getAttribute('aria-checked')).toBe('true');
    await expectNoSeriousA11yViolations(admin, 'the song form with two writers');

    // The credits' order changes from the keyboard, and the focus stays with the writer moved.
    await admin.getByRole('button', { name: `Move ${second} up` }).focus();
    await admin.keyboard.press('Enter');
    await expect
      .poll(() => admin.getByRole('group', { name: 'Writer 1' }).getByRole('textbox', { name: 'Name', exact: true }).inputValue())
      .toBe(second);
    // At the top it can only go down: that button has the focus now.
    await expect.poll(() => admin.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Move ${second} down`);
    await admin.keyboard.press('Enter');
    await expect.poll(() => writerTwo.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe(second);

    // ---------------------------------------------------------------- the preview user's catalogue
    const page = await browser.open('preview', '/songs');
    await page.getByRole('heading', { level: 1, name: MESSAGES.songs.listTitle }).waitFor();
    await page
      .getByRole('link', { name: /^Listen to / })
      .first()
      .waitFor();
    // The box shows what the address holds, so it is ticked once the address has the filter.
    const onlyOneStop = page.getByRole('checkbox', { name: /One-stop songs only/ });
    await onlyOneStop.click();
    await page.waitForURL((url) => url.searchParams.get('oneStop') === 'true');
    await expect.poll(() => onlyOneStop.isChecked()).toBe(true);
    // Every card left is a one-stop song, each with its badge.
    const cards = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: /^Listen to / }) });
    await expect.poll(() => cards.count()).toBeGreaterThan(0);
    await expect.poll(async () => (await cards.count()) === (await cards.filter({ hasText: MESSAGES.songs.oneStop }).count())).toBe(true);
    await expectNoSeriousA11yViolations(page, 'the catalogue, one-stop songs only');

    // Searching a writer's name finds the song (and only it), still among one-stop songs.
    await page.getByRole('searchbox', { name: 'Search' }).fill(second.toLowerCase());
    await page.waitForURL((url) => url.searchParams.get('q') === second.toLowerCase());
    await expect.poll(() => cards.count()).toBe(1);
    const card = cards.filter({ hasText: title });
    await card.getByText(MESSAGES.songs.oneStop, { exact: true }).waitFor();
    await card.getByText('A minor').waitFor();
    await expectNoSeriousA11yViolations(page, 'the catalogue, searched by a writer');

    await card.getByRole('link', { name: `Listen to ${title}` }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByText(`Written by ${first} and ${second}`).waitFor();
    const facts = page.locator('dl').filter({ hasText: 'Key' }).first();
    expect(await facts.textContent()).toContain('A minor');
    await page.getByText(MESSAGES.songs.oneStopHint).waitFor();
    const writers = page.getByRole('region', { name: MESSAGES.songs.writersTitle });
    const rows = writers.getByRole('row');
    await expect
      .poll(() => shownCells(rows))
      .toEqual([
        ['Writer', 'PRO', 'Publisher', 'Share'],
        [first, 'SOCAN', 'Maple Road Songs', '60%'],
        // No publisher: a dash on screen, "None listed" to a screen reader.
        [second, 'BMI', '— None listed', '40%'],
      ]);
    // The IPI/CAE number is the admin's, not the listener's.
    expect(await page.content()).not.toContain('00111222333');
    await expectNoSeriousA11yViolations(page, 'the song page with its writers');

    // On a phone the song page and the filters fit the screen, and the splits stay readable.
    const phone = await browser.open('preview', page.url(), 375);
    // Society and publisher under each name, the share beside it: nothing to scroll sideways.
    const phoneRows = phone.getByRole('region', { name: MESSAGES.songs.writersTitle }).getByRole('row');
    await expect
      .poll(() => shownCells(phoneRows))
      .toEqual([
        ['Writer', 'Share'],
        [`${first} SOCAN · Maple Road Songs`, '60%'],
        [`${second} BMI`, '40%'],
      ]);
    expect(await phone.getByText(MESSAGES.generic.tableScrollHint).count()).toBe(0);
    await expectPageFitsScreen(phone);
    await expectNoSeriousA11yViolations(phone, 'the song page at 375 px');
    await phone.goto(`/songs?oneStop=true&q=${encodeURIComponent(first)}`);
    await phone.getByRole('link', { name: `Listen to ${title}` }).waitFor();
    await expectPageFitsScreen(phone);
    await expectNoSeriousA11yViolations(phone, 'the catalogue at 375 px');
  });
});
