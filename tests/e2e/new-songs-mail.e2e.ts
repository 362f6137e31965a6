import { describe, expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { unsubscribePath } from '../../src/common/routes';
import { unsubscribeToken } from '../../src/server/features/new-songs-mail/new-songs-mail.service';
import { useBrowser } from './support/browser';
import { expectNoSeriousA11yViolations, toast } from './support/expect';
import { E2E_AUTH_SECRET } from './support/global-setup';

const browser = useBrowser();
const m = MESSAGES.newSongsMail;

/**
 * The buyer's weekly e-mail of new songs: turned off and on again with the switch on their account page, then off
 * by the e-mail's unsubscribe link opened signed out (made here as the server makes it); a forged link is refused.
 * The demo buyer is shared with other journeys, so the e-mail is left on at the end.
 */
describe('the weekly e-mail of new songs', () => {
  test('the account switch, and the unsubscribe link signed out', async () => {
    const page = await browser.open('preview', '/account');
    const weekly = page.getByRole('switch', { name: m.settingLabel });
    await expect.poll(() => weekly.getAttribute('aria-checked')).toBe('true');
    await expectNoSeriousA11yViolations(page, '/account with the weekly e-mail switch');
    await weekly.click();
    await toast(page, m.settingOff).waitFor();
    await page.reload();
    await expect.poll(() => weekly.getAttribute('aria-checked')).toBe('false');
    await weekly.click();
    await toast(page, m.settingOn).waitFor();

    const { user } = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
    const signedOut = await browser.open(undefined, unsubscribePath(unsubscribeToken(E2E_AUTH_SECRET, user.id)));
    await signedOut.getByText(m.unsubscribed).waitFor();
    await expectNoSeriousA11yViolations(signedOut, '/unsubscribe');
    await page.reload();
    await expect.poll(() => weekly.getAttribute('aria-checked')).toBe('false');

    const forged = await browser.open(undefined, unsubscribePath(unsubscribeToken('not-the-server-secret-but-long-enough', user.id)));
    await forged.getByRole('alert').getByText(m.badLink).waitFor();
    await expectNoSeriousA11yViolations(forged, '/unsubscribe with a forged link');

    // Left on, as the other journeys' buyer had it.
    await weekly.click();
    await toast(page, m.settingOn).waitFor();
  });
});
