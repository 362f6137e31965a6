import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { ExternalToast } from 'sonner';
import { whenIdle } from './when-idle';

/**
 * Toasts, with sonner's code (about 10 kB gzip) kept out of what a page needs to paint: the toaster loads
 * when the browser is idle, or at once when a toast is shown first. A toast shown before it has arrived
 * waits for it, so none is lost. Call `toast.success(...)` and the like, as with sonner's own.
 */

let sonner: Promise<typeof import('sonner')> | undefined;
const loadSonner = () => (sonner ??= import('sonner'));

let wanted = false;
const listeners = new Set<() => void>();
function wantToaster() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => (markMounted = resolve));

type ToastMessage = Parameters<(typeof import('sonner'))['toast']['success']>[0];

function show(kind: 'success' | 'error' | 'info', message: ToastMessage, options?: ExternalToast) {
  wantToaster();
  void mounted.then(loadSonner).then(({ toast: sonnerToast }) => sonnerToast[kind](message, options));
}

export const toast = {
  success: (message: ToastMessage, options?: ExternalToast) => show('success', message, options),
  error: (message: ToastMessage, options?: ExternalToast) => show('error', message, options),
  info: (message: ToastMessage, options?: ExternalToast) => show('info', message, options),
};

const Toaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

/** Rendered after the toaster in the same Suspense boundary: its effect runs once the toaster listens. */
function MountedSignal(): ReactNode {
  useEffect(markMounted, []);
  return null;
}

/** The toaster, once wanted; nothing on the server (prerendered pages) or before. */
export function ToasterHost() {
  const isWanted = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  useEffect(() => whenIdle(wantToaster), []);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        position="bottom-right"
        // Above the player bar, while there is one (sonner's own offsets otherwise).
        offset={{ bottom: 'calc(24px + var(--player-bar-height, 0px))' }}
        mobileOffset={{ bottom: 'calc(16px + var(--player-bar-height, 0px))' }}
        closeButton
        toastOptions={{ className: 'font-sans' }}
      />
      <MountedSignal />
    </Suspense>
  );
}
