import type { Context } from 'hono';
import type { z } from 'zod';
import { MESSAGES } from '../../common/messages';
import { AppError } from './app-error';

export interface UploadedFile {
  bytes: Buffer;
  name: string;
}

/**
 * Reads a multipart form whose fields travel as JSON in a `data` part (so nested values and numbers keep
 * their types) beside file parts, and validates the fields with the shared schema.
 */
export async function readMultipart<T extends z.ZodType>(c: Context, schema: T, fileFields: readonly string[]) {
  if (!c.req.header('content-type')?.startsWith('multipart/form-data')) {
    throw new AppError('INVALID', 'Expected a multipart/form-data upload.');
  }
  const body = await c.req.parseBody();
  let raw: unknown;
  try {
    raw = JSON.parse(typeof body.data === 'string' ? body.data : '');
  } catch {
    throw new AppError('INVALID', MESSAGES.generic.invalidInput);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (fields[issue.path.join('.') || '_'] ??= []).push(issue.message);
    throw new AppError('INVALID', parsed.error.issues[0]?.message ?? MESSAGES.generic.invalidInput, fields);
  }
  const files: Record<string, UploadedFile | undefined> = {};
  for (const field of fileFields) {
    const value = body[field];
    if (value instanceof File && value.size > 0) files[field] = { bytes: Buffer.from(await value.arrayBuffer()), name: value.name };
  }
  return { values: parsed.data as z.output<T>, files, flags: body };
}
