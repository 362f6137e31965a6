import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { except } from 'hono/combine';

/**
 * Answers no one but their caller may see the inside of (accounts and sessions, the admin area, which shows
 * sign-in and pitch links whole) are never compressed: compressing a secret beside text an attacker can choose
 * lets the attacker guess it from the sizes (BREACH).
 */
const NEVER_COMPRESSED = ['/api/auth/*', '/api/admin/*'];
/** What we make as one whole string: pages and JSON. Files, audio, images, CSV and archives go as they are. */
const WHOLE_TEXT = /^(text\/html|application\/json)\b/;
/** Below this a gzip stream costs more than it saves. */
const MIN_BYTES = 1024;

/**
 * Gzips pages and JSON answers of a kilobyte or more for a client that accepts it: a page's HTML is made per
 * request (it carries its caller), so it has no precompressed copy as the built files do. Hono's `compress`
 * leaves out an answer under its threshold by its Content-Length, which `c.json()` and `c.html()` do not set;
 * being whole strings, their length is read here without holding back a stream.
 */
export function compressPagesAndJson(): MiddlewareHandler {
  const gzip = compress({ threshold: MIN_BYTES, contentTypeFilter: WHOLE_TEXT });
  const measure: MiddlewareHandler = async (c, next) => {
    await next();
    const type = c.res.headers.get('Content-Type') ?? '';
    if (c.res.body && !c.res.headers.has('Content-Length') && WHOLE_TEXT.test(type)) {
      c.res.headers.set('Content-Length', String((await c.res.clone().arrayBuffer()).byteLength));
    }
  };
  return except(NEVER_COMPRESSED, gzip, measure);
}
