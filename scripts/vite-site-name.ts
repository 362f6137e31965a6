import type { Plugin } from 'vite';
import { BUILT_SITE_NAME_FILE, DEFAULT_SITE_NAME } from '../src/common/constants.ts';

const siteNameOf = (env: NodeJS.ProcessEnv) => env.SITE_NAME?.trim() || DEFAULT_SITE_NAME;

/**
 * The site name (SITE_NAME, read the way src/server/config.ts reads it) compiled into the web app and its
 * prerendered pages as `__SITE_NAME__` (src/web/lib/site-name.ts). `npm start` builds in the environment it
 * serves in, so pages, titles and e-mails name the same site.
 */
export function siteNameDefine(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return { __SITE_NAME__: JSON.stringify(siteNameOf(env)) };
}

/**
 * Writes the compiled name beside the build's manifest, where the server reads it at start and warns when
 * it serves under another name (a build made in one environment, served in another).
 */
export function recordSiteName(env: NodeJS.ProcessEnv = process.env): Plugin {
  return {
    name: 'pitchroom:record-site-name',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: BUILT_SITE_NAME_FILE, source: JSON.stringify({ siteName: siteNameOf(env) }) });
    },
  };
}
