import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BUILT_SITE_NAME_FILE } from '../common/constants';

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
