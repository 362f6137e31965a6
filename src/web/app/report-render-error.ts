import type { ErrorInfo } from 'react';
import { CLIENT_ERROR_LIMITS } from '../../common/constants';
import type { ClientErrorReport } from '../../common/schemas/client-errors';

/**
 * React calls this when it recovered from an error by itself: above all a hydration mismatch, where it throws
 * the server's HTML away and draws the page again. The user sees nothing wrong, so nobody would ever hear of
 * it: in development it goes to the console, in production to the server's log.
 */
export function reportRecoverableError(error: unknown, info: ErrorInfo): void {
  if (import.meta.env.DEV) {
    console.error('React recovered from an error:', error, info.componentStack);
    return;
  }
  const report: ClientErrorReport = {
    kind: 'recoverable',
    page: window.location.pathname.slice(0, CLIENT_ERROR_LIMITS.page),
    message: String(error instanceof Error ? error.message : error).slice(0, CLIENT_ERROR_LIMITS.message),
    componentStack: (info.componentStack ?? '').slice(0, CLIENT_ERROR_LIMITS.componentStack),
  };
  // keepalive: a report made as the page unloads still reaches the server. A failed report is dropped.
  void fetch('/api/client-errors', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(report),
    keepalive: true,
  }).catch(() => undefined);
}
