import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BUILT_SITE_NAME_FILE } from '../common/constants';
import type { Logger } from './lib/logger';

/** The site name the web build at webRoot was made with (scripts/vite-site-name.ts); undefined without a record. */
export function builtSiteName(webRoot: string): string | undefined {
  try {
    const record: unknown = JSON.parse(readFileSync(path.join(webRoot, BUILT_SITE_NAME_FILE), 'utf8'));
    const name = (record as { siteName?: unknown } | null)?.siteName;
    return typeof name === 'string' ? name : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Warns when the web build at webRoot was made for another SITE_NAME than the server runs with: its pages would
 * name one site and the server's e-mails another. A build without a record says nothing.
 */
export function warnIfBuiltForAnotherSite(webRoot: string, siteName: string, logger: Logger): void {
  const webSiteName = builtSiteName(webRoot);
  if (webSiteName === undefined || webSiteName === siteName) return;
  logger.warn(
    { webSiteName, siteName },
    'the web app was built with another SITE_NAME: pages will name one site and e-mails another; rebuild (npm run build) with this SITE_NAME',
  );
}
