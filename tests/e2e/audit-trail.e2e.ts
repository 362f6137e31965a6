import { describe, expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed/seed';
import { useBrowser } from './support/browser';
import { expectNoSeriousA11yViolations, toast } from './support/expect';
import { uniqueSuffixPerTest } from './support/unique';

/**
 * An admin takes a preview user's access away, then finds that action in the audit trail: filtered by the
 * action and the person's e-mail, the row names the admin who did it and the role removed.
 */

const suffix = uniqueSuffixPerTest();
const browser = useBrowser();

describe('audit trail', () => {
  test('an admin revokes a preview user, opens the audit trail, filters, and sees the row with the e-mail and the role', async () => {
    const listener = { name: `Nell Avery ${suffix()}`, email: `nell.${suffix()}@example.test` };
    const admin = await browser.open('admin', '/admin');

    // A preview user, made as an admin makes one.
    const made = await admin.request.post('/api/admin/preview-accounts', {
      headers: { Origin: new URL(admin.url()).origin },
      data: { email: listener.email, password: 'quiet-harbour-lantern-58', name: listener.name, companyName: 'Avery Songs' },
    });
    expect(made.status(), await made.text()).toBe(201);

    // 1. The admin revokes the access.
    await admin.goto(`/admin/preview-requests?q=${encodeURIComponent(listener.email)}`);
    const card = admin.getByRole('article', { name: listener.name });
    await card.getByRole('button', { name: 'Revoke', exact: true }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Revoke access' }).click();
    await toast(admin, MESSAGES.previewAccess.revoked).waitFor();

    // 2. The audit trail, from the admin's sidebar.
    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit Trail' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Audit trail' }).waitFor();
    expect(await admin.title()).toContain('Audit trail');

    // 3. Filtered by the action and the person's e-mail; the filters go into the URL.
    await admin.getByRole('combobox', { name: 'Action', exact: true }).selectOption('preview_request.revoke');
    await admin.waitForURL((url) => url.searchParams.get('action') === 'preview_request.revoke');
    await admin.getByRole('searchbox', { name: 'Record' }).fill(listener.email);
    await admin.waitForURL((url) => url.searchParams.get('subject') === listener.email);
    await admin.getByText('1 action found', { exact: true }).waitFor();

    const row = admin.getByRole('row').filter({ hasText: listener.email });
    await row.getByText(MESSAGES.audit.actions['preview_request.revoke'], { exact: true }).waitFor();
    expect(await row.getByRole('cell').nth(1).textContent()).toBe(DEMO_ACCOUNTS.admin.email);
    await row.getByText(`Revoked preview access of ${listener.email}`).waitFor();
    // The role removed: "role: preview → —", and the status it left.
    expect((await row.getByRole('cell').nth(4).textContent())?.replace(/\s+/g, ' ')).toContain('role: from preview → to —');
    expect((await row.getByRole('cell').nth(4).textContent())?.replace(/\s+/g, ' ')).toContain('status: from approved → to revoked');
    await expectNoSeriousA11yViolations(admin);

    // 4. The admin's own filter keeps it; days before it leave it out.
    await admin.getByRole('combobox', { name: 'Admin', exact: true }).selectOption(DEMO_ACCOUNTS.admin.email);
    await admin.waitForURL((url) => url.searchParams.get('admin') === DEMO_ACCOUNTS.admin.email);
    await admin.getByText('1 action found', { exact: true }).waitFor();
    await admin.getByLabel('From', { exact: true }).fill('2000-01-01');
    await admin.getByLabel('To', { exact: true }).fill('2000-01-02');
    await admin.getByText(MESSAGES.audit.emptyFiltered).waitFor();
  });
});
