import { queryOptions, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from './toast';
import type { MeResponse } from '../../common/responses';
import * as MESSAGES from '../../common/messages';
import { CALLER_IN_PAGE_ID, isPrerenderedShell, PAGE_PATHS } from '../../common/routes';
import type { SignInInput } from '../../common/schemas/auth';
import { api } from './api';

/**
 * Auth calls go straight to better-auth's endpoints with plain fetch: four small calls do not need its
 * client library, and errors then flow through the same ApiError as every other call.
 */
export const authApi = {
  signIn: (input: SignInInput) => api<unknown>('/api/auth/sign-in/email', { method: 'POST', body: input }),
  signOut: () => api<unknown>('/api/auth/sign-out', { method: 'POST', body: {} }),
  requestPasswordReset: (email: string) =>
    api<unknown>('/api/auth/request-password-reset', {
      method: 'POST',
      body: { email, redirectTo: PAGE_PATHS.resetPassword },
    }),
  resetPassword: (newPassword: string, token: string) =>
    api<unknown>('/api/auth/reset-password', { method: 'POST', body: { newPassword, token } }),
  sendVerificationEmail: (email: string) =>
    api<unknown>('/api/auth/send-verification-email', {
      method: 'POST',
      body: { email, callbackURL: PAGE_PATHS.auth },
    }),
};

export const SIGNED_OUT: MeResponse = {
  user: null,
  isAdmin: false,
  isPreview: false,
  isSongwriter: false,
  hasPreviewRequest: false,
};

/**
 * The caller a prerendered shell is drawn for (PRERENDERED_SHELLS): someone who may browse the catalogue,
 * with nothing of their own on show, since the server sends the shell to any such caller.
 */
export const SHELL_CALLER: MeResponse = {
  user: { id: '', email: '', name: '', emailVerified: true },
  isAdmin: false,
  isPreview: true,
  isSongwriter: false,
  hasPreviewRequest: true,
};

export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: ({ signal }) => api<MeResponse>('/api/me', { signal }),
  staleTime: 60_000,
});

/**
 * The caller the server wrote into the page (server/web-app.ts), or undefined where there is none (the dev
 * server's pages, a page served while the database was away): the app then asks /api/me as before.
 */
export function callerInPage(): MeResponse | undefined {
  const text = document.getElementById(CALLER_IN_PAGE_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as MeResponse;
  } catch {
    return undefined;
  }
}

/** Each member of a union picked alone, so the picked union still narrows on its flags. */
type PickEach<T, K extends keyof T> = T extends unknown ? Pick<T, K> : never;
export type MeState = PickEach<UseQueryResult<MeResponse>, 'data' | 'isPending' | 'isError' | 'error' | 'refetch'>;

const subscribeToNothing = () => () => undefined;

/**
 * True while React draws HTML ahead of time or adopts HTML drawn so (hydration): React reads a store's server
 * snapshot only then, and renders again with the client's once the nodes are adopted.
 */
function useDrawingHtml(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
}

/**
 * The signed-in user and their role flags; `user` is null when signed out. While prerendered HTML is drawn or
 * adopted, it is the caller that HTML is drawn for, whatever the app already knows (main.tsx tells it the real
 * caller before hydrating): unknown on a public page (pending, as before /api/me answers), SHELL_CALLER in a
 * signed-in shell. So the adopted nodes match, however late React gets to each part of the page, and the real
 * caller shows right after.
 */
export function useMe(): MeState {
  const query = useQuery(meQuery);
  const { pathname } = useLocation();
  if (!useDrawingHtml()) return query;
  return isPrerenderedShell(pathname)
    ? { data: SHELL_CALLER, isPending: false, isError: false, error: null, refetch: query.refetch }
    : { data: undefined, isPending: true, isError: false, error: null, refetch: query.refetch };
}

/** Set on the way home after signing out: which words the toast says it in. */
type SignedOutState = { signedOut?: 'site' | 'admin' | 'deleted' } | null;

/**
 * Signs out and goes home. The session's cached data is dropped by useFinishSignOut once the home page
 * has rendered: dropping it while a guarded page is still on screen would make that page's guard bounce
 * to /auth first (the router commits the new page in a transition, after navigate() resolves).
 */
export function useSignOut(from: 'site' | 'admin' = 'site') {
  const navigate = useNavigate();
  return async function signOut() {
    try {
      await authApi.signOut();
    } catch {
      toast.error(MESSAGES.auth.logoutFailed);
      return;
    }
    await navigate(PAGE_PATHS.home, { state: { signedOut: from } satisfies SignedOutState });
  };
}

/** After the account was deleted (its sessions with it): home, where the old session's data is dropped as at sign-out. */
export function useLeaveAfterDeletion() {
  const navigate = useNavigate();
  return () => navigate(PAGE_PATHS.home, { state: { signedOut: 'deleted' } satisfies SignedOutState });
}

/** Rendered by the public layout: forgets every cached answer of the old session and says so. */
export function useFinishSignOut() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const handledKey = useRef<string | null>(null);
  const signedOut = (location.state as SignedOutState)?.signedOut;

  useEffect(() => {
    if (!signedOut || handledKey.current === location.key) return;
    handledKey.current = location.key;
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== meQuery.queryKey[0] });
    queryClient.setQueryData(meQuery.queryKey, SIGNED_OUT);
    void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
    if (signedOut === 'admin') toast.success(MESSAGES.auth.adminLoggedOut);
    else if (signedOut === 'deleted') toast.success(MESSAGES.ownData.deleted);
    else toast.success(MESSAGES.auth.loggedOutTitle, { description: MESSAGES.auth.loggedOutBody });
    // Drop the marker so Back or a reload does not say it again.
    void navigate(location.pathname + location.search, { replace: true, state: null });
  }, [signedOut, location.key, location.pathname, location.search, navigate, queryClient]);
}
