import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The folder holding package.json: the nearest one above this module, which is src/server/ when run from
 * source and dist/server/ when run from the bundle `npm start` builds (decision 0025). The files the server
 * reads from the checkout (migrations, the web build) are found from here, wherever the code runs from.
 */
function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const PROJECT_ROOT = findProjectRoot(import.meta.dirname);
