import { describe, expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { useBrowser } from './support/browser';
import { expectNoSeriousA11yViolations, toast } from './support/expect';

/**
 * An admin opens Settings from the sidebar, is told what is wrong with a blank legal name and a faster review
 * priced too low, saves the company's details, a choice for commenters and the faster review, and finds them
 * again after a reload.
 */

const m = MESSAGES.settings;
const browser = useBrowser();

describe('site settings', () => {
  test('an admin corrects a blank legal name, saves the company and the commenters’ display, and reads them back', async () => {
    const admin = await browser.open('admin', '/admin');
    const before = await admin.request.get('/api/admin/settings');
    expect(before.status()).toBe(200);
    const original = await before.json();

    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settings' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    const legalName = admin.getByLabel('Legal name');
    expect(await legalName.inputValue()).toBe(original.companyLegalName);
    expect(
      await admin
        .getByRole('radio', { name: new RegExp(`^${m.commenterDisplayLabels[original.commenterDisplay as 'anonymous']}`) })
        .isChecked(),
    ).toBe(true);
    await expectNoSeriousA11yViolations(admin);

    // The shared schema speaks first, on the field; nothing is sent.
    await legalName.fill('   ');
    await admin.getByRole('button', { name: 'Save settings' }).click();
    await admin.getByText(m.legalNameRequired).waitFor();

    await legalName.fill('Pitchroom Music Group, LLC');
    await admin.getByLabel('Address').fill('1200 Music Row\nNashville, TN 37212');
    await admin.getByLabel('Contact email').fill('legal@pitchroom.example');
    await admin.getByLabel('Governing law').fill('the State of Tennessee');
    await admin.getByRole('radio', { name: new RegExp(`^${m.commenterDisplayLabels.company}`) }).check();
    // The faster review: a price not above the standard one is refused on its field by the shared schema.
    await admin.getByLabel('Price a song (dollars)').fill('20');
    await admin.getByLabel('Turnaround (business days)').fill('3');
    await admin.getByRole('button', { name: 'Save settings' }).click();
    await admin.getByText(m.fastReviewPriceRange).waitFor();
    await admin.getByLabel('Price a song (dollars)').fill('60');
    const saved = admin.waitForResponse((r) => r.url().endsWith('/api/admin/settings') && r.request().method() === 'PUT');
    await admin.getByRole('button', { name: 'Save settings' }).click();
    expect((await saved).status()).toBe(200);
    await toast(admin, m.saved).waitFor();

    await admin.reload();
    await admin.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(await admin.getByLabel('Legal name').inputValue()).toBe('Pitchroom Music Group, LLC');
    expect(await admin.getByLabel('Address').inputValue()).toBe('1200 Music Row\nNashville, TN 37212');
    expect(await admin.getByRole('radio', { name: new RegExp(`^${m.commenterDisplayLabels.company}`) }).isChecked()).toBe(true);
    expect(await admin.getByLabel('Price a song (dollars)').inputValue()).toBe('60.00');
    expect(await admin.getByLabel('Turnaround (business days)').inputValue()).toBe('3');
    await admin.getByText(/^Last saved /).waitFor();

    // Other journeys find the settings as they were.
    const { updatedAt: _, ...values } = original;
    const restored = await admin.request.put('/api/admin/settings', { headers: { Origin: new URL(admin.url()).origin }, data: values });
    expect(restored.status()).toBe(200);
  });
});
