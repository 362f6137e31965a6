import * as MESSAGES from '../../common/messages';

/**
 * A failed API call. Carries the server's message, code and per-field messages, whichever of the two
 * error shapes it answered with: ours `{ error: { code, message, fields? } }` or better-auth's `{ code, message }`.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type ErrorBody = {
  error?: { code?: string; message?: string; fields?: Record<string, string[]> };
  code?: string;
  message?: string;
};

/** Turns a failed response's status and parsed body into an ApiError (also used by the upload helper). */
export function toApiError(status: number, body: unknown): ApiError {
  const b = (typeof body === 'object' && body !== null ? body : {}) as ErrorBody;
  const inner = typeof b.error === 'object' && b.error !== null ? b.error : undefined;
  const code = inner?.code ?? b.code ?? (status === 429 ? 'TOO_MANY_REQUESTS' : `HTTP_${status}`);
  const message = inner?.message ?? b.message ?? (status === 429 ? MESSAGES.generic.tooManyRequests : MESSAGES.generic.unexpected);
  return new ApiError(message, status, code, inner?.fields);
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /** Lets the request outlive the page (reports sent on pagehide or unmount). */
  keepalive?: boolean;
}

/** Calls our API on the same origin with the session cookie and JSON in and out. */
export async function api<T>(path: string, { method = 'GET', body, query, signal, keepalive }: ApiOptions = {}): Promise<T> {
  let url = path;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
    const qs = params.toString();
    if (qs) url += `?${qs}`;
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(body !== undefined && { 'Content-Type': 'application/json' }) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal,
      keepalive,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(MESSAGES.generic.network, 0, 'NETWORK');
  }
  const data = parseJson(await response.text());
  if (!response.ok) throw toApiError(response.status, data);
  return data as T;
}

/** A reply's JSON, or null for an empty body or a proxy's HTML error page (the caller then uses the generic message). */
export function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}
