import type { AsyncLocalStorage } from 'node:async_hooks';
import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from '@better-auth/core/context';

/**
 * better-auth keeps each call's context in three AsyncLocalStorages. On Node 20 the first `run()` of any
 * AsyncLocalStorage makes the process run async hooks for every promise from then on, about 2.3 times a
 * promise's cost, paid by every request although only better-auth's own calls read that context (bench row
 * P3 and P6; decision 0027). So the storages are switched off whenever no better-auth call is under way:
 * each call switches them on again by its own `run()`, and the last of several running at once switches
 * them off when it has settled. better-auth's background work is awaited within the call (no
 * `backgroundTasks` handler is configured), so nothing of a call reads its context after it settles.
 */
export function authContextWhileInUse<A extends { handler: (request: Request) => Promise<Response>; api: object }>(auth: A): A {
  let running = 0;
  let storages: AsyncLocalStorage<unknown>[] | undefined;
  void Promise.all([
    getCurrentAuthContextAsyncLocalStorage(),
    getRequestStateAsyncLocalStorage(),
    getCurrentDBAdapterAsyncLocalStorage(),
  ]).then((found) => {
    storages = found as AsyncLocalStorage<unknown>[];
  });

  const settled = () => {
    running -= 1;
    if (running === 0 && storages) for (const storage of storages) storage.disable();
  };
  const whileInUse = <F extends (...args: never[]) => unknown>(call: F): F =>
    new Proxy(call, {
      apply(target, self, args) {
        running += 1;
        try {
          const result = Reflect.apply(target, self, args) as unknown;
          if (result instanceof Promise) return result.finally(settled);
          settled();
          return result;
        } catch (error) {
          settled();
          throw error;
        }
      },
    });

  // Endpoints carry properties of their own (path, options), which a Proxy keeps.
  const endpoints = new Map<PropertyKey, unknown>();
  const api = new Proxy(auth.api, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      if (typeof value !== 'function') return value;
      if (!endpoints.has(name)) endpoints.set(name, whileInUse(value as (...args: never[]) => unknown));
      return endpoints.get(name);
    },
  });
  return { ...auth, handler: whileInUse(auth.handler), api };
}
