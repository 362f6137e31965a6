import { executionAsyncResource } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeUser, uniqueEmail } from '../../src/server/db/seed/factories';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signIn, signedInClient } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Whether Node runs async hooks for every promise: a promise is then its own execution resource. */
function promisesAreTracked(): Promise<boolean> {
  return new Promise((resolve) => {
    const promise: Promise<void> = Promise.resolve().then(() => resolve(executionAsyncResource() === promise));
  });
}

// better-auth's AsyncLocalStorages are switched off between its calls (lib/auth-context-while-in-use.ts).
describe("better-auth's request context", () => {
  test('once a sign-in has been answered, the process no longer tracks every promise', async () => {
    const user = await makeUser(t.db);
    const client = await signedInClient(t, user);
    expect(await promisesAreTracked()).toBe(false);

    // A request after it, through the app's own session reader, switches nothing on.
    expect((await client.get('/api/me')).status).toBe(200);
    expect(await promisesAreTracked()).toBe(false);
  });

  test('calls under way together each keep their own context, and the last to settle switches it off', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => makeUser(t.db)));
    const signUps = Array.from({ length: 4 }, () => uniqueEmail('together'));
    const [seen, signedUp] = await Promise.all([
      Promise.all(
        users.map(async (user) => {
          const client = t.client();
          const res = await signIn(client, user.email, user.password);
          const session = await client.get('/api/auth/get-session');
          return [res.body.user?.email, session.body?.user?.email];
        }),
      ),
      Promise.all(
        signUps.map(async (email) => {
          const res = await t
            .client()
            .post('/api/auth/sign-up/email', { email, password: 'zebra-quantum-77-lantern', name: 'Tess Together' });
          return res.body.user?.email;
        }),
      ),
    ]);
    // Each answer is its own caller's: no call read another's context.
    expect(seen).toEqual(users.map((user) => [user.email, user.email]));
    expect(signedUp).toEqual(signUps);
    for (const email of signUps) expect((await t.mailsTo(email)).map((mail) => mail.kind)).toEqual(['verify-email']);
    expect(await promisesAreTracked()).toBe(false);
  });
});
