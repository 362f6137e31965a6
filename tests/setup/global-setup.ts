import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { preparePgliteTemplate, prepareTemplate } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a dumped, migrated PGlite data directory (PGlite runs only). */
    pgliteTemplate: string | undefined;
  }
}

export default async function globalSetup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    await prepareTemplate(url);
    project.provide('pgliteTemplate', undefined);
    return;
  }
  const file = await preparePgliteTemplate();
  project.provide('pgliteTemplate', file);
  return () => rmSync(file, { force: true });
}
