import type { APIRequestContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { OutboxListItem, OutboxMessage, Paged } from '../../../src/common/responses';

/** The link in the e-mail of this kind to this address, as an admin reads it through the outbox API: journeys get no real mail. */
async function linkFromOutbox(admin: APIRequestContext, kind: string, email: string, link: RegExp): Promise<string> {
  let id: string | undefined;
  await expect
    .poll(async () => {
      const list = (await (await admin.get('/api/admin/outbox?pageSize=100')).json()) as Paged<OutboxListItem>;
      id = list.rows.find((row) => row.kind === kind && row.to === email)?.id;
      return id;
    })
    .toBeDefined();
  const message = (await (await admin.get(`/api/admin/outbox/${id}`)).json()) as OutboxMessage;
  const found = message.text.match(link)?.[0];
  expect(found).toBeDefined();
  return found!;
}

/** The link of the confirmation e-mail sent to this address at sign-up, read by the admin on this page. */
export const verificationLink = (admin: Page, email: string): Promise<string> =>
  linkFromOutbox(admin.request, 'verify-email', email, /https?:\/\/\S+\/api\/auth\/verify-email\S*/);

/** The link of the pitch e-mail sent to this address. */
export const pitchLink = (admin: APIRequestContext, email: string): Promise<string> =>
  linkFromOutbox(admin, 'pitch-link', email, /https?:\/\/\S+\/p\/[A-Za-z0-9_-]+/);

/** The link of a buyer's share e-mailed to this address. */
export const shareLink = (admin: APIRequestContext, email: string): Promise<string> =>
  linkFromOutbox(admin, 'share-link', email, /https?:\/\/\S+\/p\/[A-Za-z0-9_-]+/);

/** The link in the e-mail telling a sharer that their recipient replied. */
export const shareReplyLink = (admin: APIRequestContext, email: string): Promise<string> =>
  linkFromOutbox(admin, 'pitch-reply', email, /https?:\/\/\S+\/shares\/[0-9a-f-]+/);
