import { DEFAULT_SITE_NAME } from '../src/common/constants.ts';

/**
 * The site name (SITE_NAME, read the way src/server/config.ts reads it) compiled into the web app and its
 * prerendered pages as `__SITE_NAME__` (src/web/lib/site-name.ts). `npm start` builds in the environment it
 * serves in, so pages, titles and e-mails name the same site.
 */
export function siteNameDefine(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return { __SITE_NAME__: JSON.stringify(env.SITE_NAME?.trim() || DEFAULT_SITE_NAME) };
}
