import type { APIRequestContext } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import type { MeResponse, OutboxListItem, Paged } from '../../src/common/responses';
import * as MESSAGES from '../../src/common/messages';
import { slugify } from '../../src/common/schemas/songs';
import { pitchExpiryBounds } from '../../src/common/schemas/pitching';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { useBrowser } from './support/browser';
import { expectNoSeriousA11yViolations, expectPageFitsScreen, toast } from './support/expect';
import { pitchLink } from './support/outbox';
import { E2E_SITE_NAME } from './support/site-name';
import { addSong } from './support/songs';
import { uniqueSuffixPerTest } from './support/unique';

/**
 * Holds, passes and pitch links from every side: an admin builds a shortlist and sends it, the recipient
 * opens the e-mailed link with no account, plays, holds and passes, the admin reads it all under that
 * recipient and revokes the link; the demo preview user holds a song and finds it on My holds. Nobody signs
 * in through a form: the admin and the preview user come with the sessions global setup made.
 */

const baseUrl = inject('baseUrl');
const suffix = uniqueSuffixPerTest();
const m = MESSAGES.pitching;
const browser = useBrowser();
const mp3 = synthesizeMp3({ seconds: 8, seed: 11 });

async function createSong(api: APIRequestContext, title: string): Promise<{ id: string; slug: string; title: string }> {
  const values = {
    title,
    slug: slugify(title),
    description: `${title}, written for the pitching journey.`,
    lyrics: `First verse of ${title}\n\nThe chorus`,
    genre: 'Country',
    bpm: 88,
    tags: ['e2e'],
    orderIndex: 0,
    isActive: true,
  };
  return { ...(await addSong(api, values, { name: 'song.mp3', buffer: mp3 })), title };
}

describe('pitching', () => {
  test('an admin sends a pitch link, the recipient listens and answers with no account, the admin sees it and revokes the link', async () => {
    const api = await browser.adminApi();
    const first = await createSong(api, `Tailgate Hymn ${suffix()}`);
    const second = await createSong(api, `Neon Chapel ${suffix()}`);
    const recipient = { name: `Rae Cutler ${suffix()}`, email: `rae.${suffix()}@example.test`, company: 'Cutler Artist Management' };

    // 1. The admin builds the shortlist: two songs, the second moved to the top.
    const admin = await browser.open('admin', '/admin/pitch-links');
    await admin.getByRole('heading', { level: 1, name: 'Pitch Links' }).waitFor();
    await expectNoSeriousA11yViolations(admin, '/admin/pitch-links');
    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Pitch Links' }).waitFor();
    await admin.getByRole('link', { name: 'New pitch link' }).click();
    await admin.getByRole('heading', { level: 1, name: 'New Pitch Link' }).waitFor();

    // The shared schema speaks before anything is sent.
    await admin.getByRole('button', { name: 'Create and send link' }).click();
    await admin.getByText(m.recipientNameRequired).waitFor();
    await admin.getByText(m.songsRequired).waitFor();

    await admin.getByLabel('Recipient name').fill(recipient.name);
    await admin.getByLabel('Recipient email').fill(recipient.email);
    await admin.getByLabel('Company').fill(recipient.company);
    await admin.getByLabel('Message').fill('Two for the fall record. Tell me what sticks!');
    const search = admin.getByLabel('Find a song to add');
    for (const song of [first, second]) {
      await search.fill(song.title);
      await admin.getByRole('button', { name: `Add ${song.title}` }).click();
    }
    await admin.getByRole('button', { name: `Move ${second.title} up` }).click();
    await admin.getByText(`${second.title} moved to position 1 of 2.`).waitFor();
    expect(await admin.getByRole('list', { name: 'Shortlist' }).getByRole('listitem').allTextContents()).toEqual([
      expect.stringContaining(second.title),
      expect.stringContaining(first.title),
    ]);
    await expectNoSeriousA11yViolations(admin, '/admin/pitch-links/new');

    const created = admin.waitForResponse((r) => r.url().endsWith('/api/admin/pitch-links') && r.request().method() === 'POST');
    await admin.getByRole('button', { name: 'Create and send link' }).click();
    expect((await created).status()).toBe(201);
    const { id } = (await (await created).json()) as { id: string };
    await admin.waitForURL(`**/admin/pitch-links?link=${id}`);
    await toast(admin, m.created(recipient.email)).waitFor();
    await admin.getByRole('heading', { name: `Activity of ${recipient.name}` }).waitFor();
    await expect
      .poll(() => admin.getByRole('row').filter({ hasText: recipient.name }).getByText('Active', { exact: true }).count())
      .toBe(1);

    // 2. The link from the outbox opens in a fresh browser with no account.
    const link = await pitchLink(api, recipient.email);
    expect(link.startsWith(`${baseUrl}/p/`)).toBe(true);
    expect(await admin.getByRole('textbox', { name: 'The new pitch link' }).inputValue()).toBe(link);
    const listener = await browser.open(undefined, link);
    await listener.getByRole('heading', { level: 1, name: 'Songs picked for you' }).waitFor();
    await listener.getByText('Two for the fall record. Tell me what sticks!').waitFor();
    expect(await listener.getByRole('list', { name: 'Songs' }).getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      second.title,
      first.title,
    ]);
    expect(await listener.getByRole('link', { name: /download/i }).count()).toBe(0);
    // A page for one recipient: its own title, and kept out of search engines.
    expect(await listener.title()).toBe(`Songs for you | ${E2E_SITE_NAME}`);
    expect(await listener.locator('head meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    await listener
      .getByRole('group', { name: `Audio player: ${first.title}` })
      .getByRole('button', { name: 'Play', exact: true })
      .waitFor();
    await expectNoSeriousA11yViolations(listener, 'the pitch page');

    // 3. The recipient plays the song at the top a moment and holds it with a note, and passes on the other.
    const player = listener.getByRole('group', { name: `Audio player: ${second.title}` });
    await player.getByRole('button', { name: 'Play', exact: true }).click();
    await player.getByRole('button', { name: 'Pause' }).waitFor();
    const played = listener.waitForResponse((r) => /\/api\/pitch\/[^/]+\/plays$/.test(r.url()) && r.request().method() === 'POST');
    // Listening for a moment: the position moves past one second.
    const seek = player.getByRole('slider', { name: 'Seek' });
    await expect.poll(async () => Number(await seek.getAttribute('aria-valuenow')), { timeout: 10_000 }).toBeGreaterThan(1);
    await player.getByRole('button', { name: 'Pause' }).click();
    expect((await played).status()).toBe(201);

    const passed = listener.waitForResponse((r) => r.url().includes(`/responses/${first.id}`) && r.request().method() === 'PUT');
    await listener.getByRole('button', { name: `Pass on ${first.title}` }).click();
    expect((await passed).status()).toBe(200);

    const answer = listener.getByRole('region', { name: `Hold or pass: ${second.title}` });
    await answer.getByRole('button', { name: `Hold ${second.title}` }).click();
    await answer.getByLabel('Hold for (artist or project)').fill('Ashley Cooke, fall record');
    const held = listener.waitForResponse((r) => r.url().includes(`/responses/${second.id}`) && r.request().method() === 'PUT');
    await answer.getByRole('button', { name: 'Put on hold' }).click();
    expect((await held).status()).toBe(200);
    await answer.getByText('for Ashley Cooke, fall record.').waitFor();
    expect(await answer.getByRole('button', { name: `On hold ${second.title}` }).getAttribute('aria-pressed')).toBe('true');

    // 4. The admin sees the play and the hold of one song and the pass on the other under that recipient.
    const activity = await browser.open('admin', `/admin/pitch-links?link=${id}`);
    const panel = activity.getByRole('region', { name: `Activity of ${recipient.name}` });
    const heldRow = panel.getByRole('row').filter({ hasText: second.title });
    await heldRow.getByText('Hold', { exact: true }).waitFor();
    await heldRow.getByText('Ashley Cooke, fall record').waitFor();
    expect(await heldRow.getByRole('cell').first().textContent()).toBe('1');
    // How far they got: past the first second of the 8-second song.
    expect(await heldRow.getByRole('cell').nth(2).textContent()).toMatch(/^0:0[1-8] of 0:0[78]/);
    const passedRow = panel.getByRole('row').filter({ hasText: first.title });
    await passedRow.getByText('Pass', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(activity, 'a pitch link with activity');

    // The song's own edit page lists the recipient's hold too.
    const edit = await browser.open('admin', `/admin/songs/edit/${second.id}`);
    const perSong = edit.getByRole('region', { name: 'Holds and passes' });
    await perSong.getByRole('row').filter({ hasText: recipient.name }).getByText('Hold', { exact: true }).waitFor();

    // Pitch Activity, from the admin navigation: the recipient's hold, then only that song's events.
    await edit.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Pitch Activity' }).click();
    await edit.waitForURL('**/admin/pitch-activity');
    await edit.getByRole('heading', { level: 1, name: 'Pitch Activity' }).waitFor();
    const feed = edit.getByRole('region', { name: 'Activity' });
    // The recipient's play of that song is an item of its own beside the hold.
    const holdItem = feed
      .getByRole('listitem')
      .filter({ hasText: recipient.name })
      .filter({ hasText: second.title })
      .filter({ has: edit.getByText('Hold', { exact: true }) });
    await holdItem.getByText('Hold', { exact: true }).waitFor();
    await holdItem.getByText('For Ashley Cooke, fall record').waitFor();
    await edit.getByLabel('Song', { exact: true }).selectOption({ label: second.title });
    await edit.waitForURL(`**/admin/pitch-activity?song=${second.id}`);
    // The unfiltered feed stays on screen until the filtered page is drawn (with its Clear filters), then loads.
    await edit.getByRole('button', { name: 'Clear filters' }).waitFor();
    await holdItem.getByText('Hold', { exact: true }).waitFor();
    expect(await feed.getByRole('listitem').filter({ hasText: first.title }).count()).toBe(0);
    expect(await holdItem.getByRole('link', { name: second.title }).getAttribute('href')).toBe(`/admin/preview-activity?song=${second.id}`);
    expect(await holdItem.getByRole('link', { name: recipient.name }).getAttribute('href')).toBe(`/admin/pitch-links?link=${id}`);
    await expectNoSeriousA11yViolations(edit, '/admin/pitch-activity filtered by a song');

    // The hold e-mail reached the admin's Outbox page.
    await edit.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Outbox' }).click();
    await edit.getByRole('heading', { level: 1, name: 'Outbox' }).waitFor();
    const heldMail = edit.getByRole('row').filter({ hasText: `On hold: "${second.title}"` });
    await heldMail.getByRole('button').click();
    await edit
      .getByRole('dialog')
      .getByText(`${recipient.name} (${recipient.company}) put "${second.title}" on hold for Ashley Cooke, fall record.`)
      .waitFor();
    await edit.keyboard.press('Escape');

    // 5. Revoking takes effect at once: the recipient's page says the link is no longer available.
    await panel.getByRole('button', { name: 'Revoke link' }).click();
    const dialog = activity.getByRole('alertdialog', { name: m.revokeConfirmTitle });
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await toast(activity, m.revoked).waitFor();
    await panel.getByText('Revoked', { exact: true }).waitFor();
    await listener.reload();
    await listener.getByRole('heading', { level: 1, name: m.linkUnavailableTitle }).waitFor();
    expect(await listener.getByRole('heading', { level: 2 }).count()).toBe(0);
    await expectNoSeriousA11yViolations(listener, 'a revoked pitch link');
  });

  test('the recipient sees who sent the link and writes back; the admin finds the reply counted, then reads it on the link', async () => {
    const api = await browser.adminApi();
    const song = await createSong(api, `Porchlight Psalm ${suffix()}`);
    const sender = ((await (await api.get('/api/me')).json()) as MeResponse).user!;
    const recipient = { name: `Lou Ellison ${suffix()}`, email: `lou.${suffix()}@example.test` };
    const created = await api.post('/api/admin/pitch-links', {
      data: {
        recipientName: recipient.name,
        recipientEmail: recipient.email,
        expiresOn: pitchExpiryBounds().suggested,
        songIds: [song.id],
      },
    });
    expect(created.status()).toBe(201);
    const { url } = (await created.json()) as { url: string };

    // 1. The page says who the songs are from, with an address to write to.
    const listener = await browser.open(undefined, url);
    await listener.getByRole('heading', { level: 1, name: 'Songs picked for you' }).waitFor();
    await listener.getByText(`Sent by ${sender.name}, ${E2E_SITE_NAME}`).waitFor();
    expect(await listener.getByRole('link', { name: sender.email }).getAttribute('href')).toBe(`mailto:${sender.email}`);

    // 2. An empty reply is refused by the shared schema before anything is sent; nothing is lost.
    const reply = listener.getByRole('region', { name: m.replyHeading(sender.name) });
    await reply.getByRole('button', { name: 'Send message' }).click();
    await reply.getByText(m.replyRequired).waitFor();
    expect(await reply.getByLabel('Your message').getAttribute('aria-invalid')).toBe('true');
    await expectNoSeriousA11yViolations(listener, 'the pitch page with a reply error');

    const message = `Love "${song.title}". Is the bridge open to a rewrite?`;
    await reply.getByLabel('Your message').fill(message);
    const sent = listener.waitForResponse((r) => r.url().endsWith('/replies') && r.request().method() === 'POST');
    await reply.getByRole('button', { name: 'Send message' }).click();
    expect((await sent).status()).toBe(201);
    await reply.getByRole('status').getByText(m.replySent(sender.name)).waitFor();
    await expectNoSeriousA11yViolations(listener, 'the pitch page after a reply');
    await expectPageFitsScreen(listener);

    // 3. The admin: a count beside Pitch Links and on the dashboard, the link's row marked, the reply on the link.
    const admin = await browser.open('admin', '/admin');
    await admin.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const nav = admin.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: /^Pitch Links \d+ new repl(y|ies)$/ }).waitFor();
    await admin.getByRole('link', { name: /Pitch Replies/ }).waitFor();
    await expectNoSeriousA11yViolations(admin, '/admin with queue counts');
    await nav.getByRole('link', { name: /^Pitch Links/ }).click();
    await admin.getByRole('row').filter({ hasText: recipient.name }).getByText('1 new reply').waitFor();
    await admin.getByRole('button', { name: recipient.name }).click();
    const panel = admin.getByRole('region', { name: `Activity of ${recipient.name}` });
    const replies = panel.getByRole('region', { name: 'Replies (1)' });
    await replies.getByText(message).waitFor();
    await replies.getByText('New', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(admin, 'a pitch link with a reply');
    // Seen once, no longer new: the row's mark goes.
    await expect.poll(() => admin.getByRole('row').filter({ hasText: recipient.name }).getByText('1 new reply').count()).toBe(0);

    // The e-mail went to the sender's own address.
    const outbox = (await (await api.get('/api/admin/outbox?pageSize=100')).json()) as Paged<OutboxListItem>;
    expect(outbox.rows.find((row) => row.subject === `Reply from ${recipient.name} on their pitch link`)).toMatchObject({
      kind: 'pitch-reply',
      to: sender.email,
    });
  });

  test('a preview user holds a song with a note, finds it on My holds, and the admin sees it for that listener', async () => {
    const api = await browser.adminApi();
    const title = `Backroad Prayer ${suffix()}`;
    const song = await createSong(api, title);

    const page = await browser.open('preview', `/songs/${song.slug}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const answer = page.getByRole('region', { name: `Hold or pass: ${title}` });
    await answer.getByRole('button', { name: `Hold ${title}` }).click();
    await answer.getByLabel('Hold for (artist or project)').fill('Riley Green');
    await answer.getByRole('button', { name: 'Put on hold' }).click();
    await toast(page, m.held).waitFor();
    await answer.getByText('for Riley Green.').waitFor();
    await expectNoSeriousA11yViolations(page, 'the song page with a hold');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My holds' }).click();
    await page.waitForURL('**/my-holds');
    const holds = page.getByRole('region', { name: /^On hold/ });
    const item = holds.getByRole('listitem').filter({ hasText: title });
    await item.getByText('For Riley Green').waitFor();
    await expectNoSeriousA11yViolations(page, '/my-holds');

    // The admin sees the hold and its note beside that listener's plays, and the e-mail it sent.
    const me = (await (await page.request.get('/api/me')).json()) as MeResponse;
    const admin = await browser.open('admin', `/admin/preview-activity?user=${me.user!.id}`);
    const perListener = admin.getByRole('region', { name: /^Holds and passes by / });
    const answerRow = perListener.getByRole('row').filter({ hasText: title });
    await answerRow.getByText('Hold', { exact: true }).waitFor();
    await answerRow.getByText('Riley Green').waitFor();
    await admin.goto('/admin/outbox');
    const heldMail = admin.getByRole('row').filter({ hasText: `On hold: "${title}"` });
    await heldMail.getByRole('button').click();
    await admin.getByRole('dialog').getByText(`put "${title}" on hold for Riley Green.`, { exact: false }).waitFor();
    await admin.keyboard.press('Escape');

    // Changing one's mind: a pass moves it to the other list, and the admin sees the pass.
    await item.getByRole('link', { name: title }).click();
    await page.waitForURL(`**/songs/${song.slug}`);
    await page.getByRole('button', { name: `Pass on ${title}` }).click();
    await toast(page, m.passed).waitFor();
    await page.goto('/my-holds');
    await page
      .getByRole('region', { name: /^Passed/ })
      .getByRole('link', { name: title })
      .waitFor();
    expect(
      await page
        .getByRole('region', { name: /^On hold/ })
        .getByRole('link', { name: title })
        .count(),
    ).toBe(0);
    await admin.goto(`/admin/preview-activity?user=${me.user!.id}`);
    await perListener.getByRole('row').filter({ hasText: title }).getByText('Pass', { exact: true }).waitFor();
  });

  test('the new pages fit a phone and have no serious accessibility problems', async () => {
    for (const [role, pathname] of [
      ['admin', '/admin/pitch-links'],
      ['admin', '/admin/pitch-links/new'],
      ['admin', '/admin/pitch-activity'],
      ['preview', '/my-holds'],
      [undefined, `/p/${Buffer.alloc(32, 3).toString('base64url')}`],
    ] as const) {
      const page = await browser.open(role, pathname, 375);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page
        .getByRole('status')
        .filter({ hasText: /Loading/ })
        .waitFor({ state: 'detached' });
      await expectNoSeriousA11yViolations(page, `${pathname} at 375px`);
      await expectPageFitsScreen(page);
    }

    // A live pitch page on a phone: the first song's player is on the first screen, and nothing sticks out.
    const api = await browser.adminApi();
    const song = await createSong(api, `Gas Station Roses, a Song with a Long Title ${suffix()}`);
    const email = `phone.${suffix()}@example.test`;
    const made = await api.post('/api/admin/pitch-links', {
      headers: { Origin: baseUrl },
      data: { recipientName: 'Phone Listener', recipientEmail: email, expiresOn: pitchExpiryBounds().suggested, songIds: [song.id] },
    });
    expect(made.status(), await made.text()).toBe(201);
    const listener = await browser.open(undefined, await pitchLink(api, email), 375);
    const play = listener.getByRole('group', { name: `Audio player: ${song.title}` }).getByRole('button', { name: 'Play', exact: true });
    await play.waitFor();
    const box = await play.boundingBox();
    expect(box && box.y + box.height <= 800, `Play on the first screen at 375 px (its bottom at ${box?.y} + ${box?.height})`).toBe(true);
    await expectPageFitsScreen(listener);
    await expectNoSeriousA11yViolations(listener, 'a pitch page at 375px');
  });

  test("the songwriter's dashboard carries the pitch report, which says so while no song of theirs is pitched", async () => {
    const page = await browser.open('songwriter', '/songwriter-dashboard', 375);
    const report = page.getByRole('region', { name: 'Pitch report' });
    await report.getByText(MESSAGES.pitchReport.noPitchedSongs).waitFor();
    await expectNoSeriousA11yViolations(page, 'the songwriter dashboard at 375px');
    await expectPageFitsScreen(page);
  });
});
