import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ApiErrorBody } from '../../common/responses';
import * as MESSAGES from '../../common/messages';
import { AppError } from './app-error';
import type { AppEnv } from './hono-env';
import { requestLog } from './request-log';

/** One JSON error shape for every failure; unknown errors are logged and never leak their details. */
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
  requestLog(c).error({ err: error }, 'unhandled error');
  return c.json(
    { error: { code: 'INTERNAL', message: `${MESSAGES.generic.unexpected} (ref ${c.get('requestId')})` } } satisfies ApiErrorBody,
    500,
  );
}
