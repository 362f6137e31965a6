import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { dropDatabase, preparePgliteTemplate, prepareTemplate, newTemplateName } from './database';
import { serverBundle } from './server-build';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a dumped, migrated PGlite data directory (PGlite runs only). */
    pgliteTemplate: string | undefined;
    /** Name of this run's migrated PostgreSQL template database (PostgreSQL runs only). */
    pgTemplate: string | undefined;
    /** The main.js of the server bundle `npm start` runs, for tests that start a server process. */
    serverBundle: string;
  }
}

export default async function globalSetup(project: TestProject) {
  project.provide('serverBundle', serverBundle());
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = newTemplateName();
    await prepareTemplate(url, template);
    project.provide('pgliteTemplate', undefined);
    project.provide('pgTemplate', template);
    return () => dropDatabase(url, template);
  }
  const file = await preparePgliteTemplate();
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', undefined);
  return () => rmSync(file, { force: true });
}
