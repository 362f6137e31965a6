import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ApiErrorBody } from '../../common/responses';
import * as MESSAGES from '../../common/messages';
import { AppError } from './app-error';
import type { AppEnv } from './hono-env';
import { createOutageLog, RETRY_AFTER_SECONDS, unavailableDependency } from './outage';
import { requestLog } from './request-log';

const logOutage = createOutageLog();

/**
 * One JSON error shape for every failure; unknown errors are logged and never leak their details. A dependency
 * out of reach (the database stopped, frozen or cut off) is an outage, not a bug: 503 with Retry-After, logged once.
 */
export function handleError(error: Error, c: Context<AppEnv>) {
  if (error instanceof AppError) {
    const body: ApiErrorBody = { error: { code: error.code, message: error.message, ...(error.fields && { fields: error.fields }) } };
    return c.json(body, error.status);
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 401 ? 'UNAUTHENTICATED' : status >= 500 ? 'INTERNAL' : 'INVALID';
    const message =
      status === 413
        ? MESSAGES.generic.bodyTooLarge
        : status >= 500
          ? MESSAGES.generic.unexpected
          : error.message || MESSAGES.generic.invalidInput;
    return c.json({ error: { code, message } } satisfies ApiErrorBody, status);
  }
  const dependency = unavailableDependency(error);
  if (dependency) {
    logOutage(dependency, error, requestLog(c));
    c.header('Retry-After', String(RETRY_AFTER_SECONDS));
    return c.json({ error: { code: 'UNAVAILABLE', message: MESSAGES.generic.unavailable } } satisfies ApiErrorBody, 503);
  }
  requestLog(c).error({ err: error }, 'unhandled error');
  return c.json(
    { error: { code: 'INTERNAL', message: `${MESSAGES.generic.unexpected} (ref ${c.get('requestId')})` } } satisfies ApiErrorBody,
    500,
  );
}
