import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * Properties of a database error that hold the values of a row or of a query's parameters (Drizzle's and
 * PGlite's `params`, PostgreSQL's `detail`: "Key (email)=(…) already exists"). A log must not carry what users
 * typed: their e-mails, messages, tokens.
 */
const VALUE_FIELDS = new Set(['params', 'parameters', 'queryOptions', 'detail', 'values']);

/**
 * The error without the values its query was run with, causes included: Drizzle writes the parameters into its
 * error's message ("Failed query: …\nparams: …"), and so into its stack, and keeps them as `params`.
 */
function withoutQueryValues(error: Error, depth = 0): Error {
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Record<string, unknown>;
  for (const key of Object.keys(error)) if (!VALUE_FIELDS.has(key)) copy[key] = (error as unknown as Record<string, unknown>)[key];
  const paramsAt = 'params' in error ? error.message.indexOf('\nparams: ') : -1;
  const message = paramsAt === -1 ? error.message : error.message.slice(0, paramsAt);
  copy.message = message;
  copy.stack = error.stack?.replace(error.message, message);
  if (error.cause instanceof Error) copy.cause = depth < 5 ? withoutQueryValues(error.cause, depth + 1) : undefined;
  return copy as unknown as Error;
}

/** pino's error serializer, over the error less its query's values. */
export function serializeError(value: unknown): unknown {
  return pino.stdSerializers.err(value instanceof Error ? withoutQueryValues(value) : (value as Error));
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: { paths: ['req.headers.cookie', 'req.headers.authorization', '*.password'], censor: '[redacted]' },
      serializers: { err: serializeError },
    },
    destination,
  );
}
