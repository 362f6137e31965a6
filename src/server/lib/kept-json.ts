import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { requestHeader } from './node-http';

/** A JSON body serialized once, with the strong ETag of its bytes, for answers many requests share. */
export interface KeptJson {
  json: string;
  etag: string;
}

export function keepJson(value: unknown): KeptJson {
  const json = JSON.stringify(value);
  return { json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
}

/**
 * Sends a kept body, or 304 with no body when the client already holds it (If-None-Match). Unlike hono's
 * etag(), which clones and hashes every response it passes, the hash here was taken once, when the body was kept.
 */
export function sendKeptJson(c: Context, body: KeptJson, cacheControl: string): Response {
  c.header('Cache-Control', cacheControl);
  c.header('ETag', body.etag);
  const held = requestHeader(c, 'if-none-match');
  if (held && (held.trim() === '*' || held.split(',').some((tag) => tag.trim().replace(/^W\//, '') === body.etag))) {
    return c.body(null, 304);
  }
  c.header('Content-Type', 'application/json');
  return c.body(body.json);
}
