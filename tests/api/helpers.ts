import { expect } from 'vitest';
import type { TestClient, TestResponse } from '../setup/http-client';
import { RUBRIC_CATEGORIES, type ReviewVerdict } from '../../src/common/constants';
import type { TestApp } from '../setup/test-app';

/** better-auth's session cookie, with or without the __Secure- prefix. */
export const SESSION_COOKIE = /(^|__Secure-)better-auth\.session_token$/;

export function sessionCookieOf(client: TestClient): string | undefined {
  for (const [name, value] of client.cookies) if (SESSION_COOKIE.test(name)) return value;
  return undefined;
}

export function signIn(client: TestClient, email: string, password: string): Promise<TestResponse> {
  return client.post('/api/auth/sign-in/email', { email, password });
}

/** A fresh client (own address, so its own rate-limit bucket) signed in as the given user. */
export async function signedInClient(t: TestApp, user: { email: string; password: string }): Promise<TestClient> {
  const client = t.client();
  const res = await signIn(client, user.email, user.password);
  expect(res.status, `sign-in of ${user.email}: ${res.text}`).toBe(200);
  expect(sessionCookieOf(client)).toBeTruthy();
  return client;
}

/** The one link of an e-mail's plain text that points at the given path, as a URL. */
export function linkIn(text: string, pathPrefix: string): URL {
  const links = [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => new URL(m[0]));
  const matching = links.filter((u) => u.pathname.startsWith(pathPrefix));
  expect(matching, `one ${pathPrefix} link in:\n${text}`).toHaveLength(1);
  return matching[0]!;
}

/** The newest e-mail of a kind to an address; fails the test when there is none. */
export async function latestMail(t: TestApp, to: string, kind: string) {
  const mails = (await t.mailsTo(to)).filter((m) => m.kind === kind);
  expect(mails.length, `a '${kind}' e-mail to ${to}`).toBeGreaterThan(0);
  return mails[0]!;
}

/** A whole rubric as the reviewer sends it: every category scored with a reason, and the verdict. */
export function fullRubric(verdict: ReviewVerdict = 'pitch_ready', score = 4) {
  return {
    scores: Object.fromEntries(RUBRIC_CATEGORIES.map((category) => [category, { score, reason: `The ${category} works.` }])),
    verdict,
  };
}
