import path from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';

/**
 * `npm run typecheck` checks the server and the web app each in a program of its own, so each runtime's globals
 * fail to compile on the other side. Tried here on code planted after a real file's own text, read through the
 * compiler's host (nothing is written to disk).
 */
const root = path.resolve(import.meta.dirname, '../..');
const sourceFiles = new Map<string, Map<string, ts.SourceFile | undefined>>();

function errorsIn(project: string, file: string, planted: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, project, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  )!;
  const target = path.join(root, file);
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => (path.resolve(name) === target ? `${readFile(name)}\n${planted}\n` : readFile(name));
  // Every file but the planted one is parsed once per project and handed to each case's program as it was.
  const parsed = sourceFiles.get(project) ?? new Map<string, ts.SourceFile | undefined>();
  sourceFiles.set(project, parsed);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, languageVersion, ...rest) => {
    if (path.resolve(name) === target) return getSourceFile(name, languageVersion, ...rest);
    if (!parsed.has(name)) parsed.set(name, getSourceFile(name, languageVersion, ...rest));
    return parsed.get(name);
  };
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, host });
  const source = program.getSourceFile(target);
  if (!source) throw new Error(`${file} is not in ${project}'s program`);
  return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map((d) =>
    ts.flattenDiagnosticMessageText(d.messageText, '\n'),
  );
}

// Each case reads a whole program: seconds on a quiet machine, far more on a busy one.
const PROGRAM_TIME = 180_000;

const SERVER_FILE = 'src/server/features/audio/waveform.ts';
const WEB_FILE = 'src/web/lib/cn.ts';

test.each([
  [
    'a type error in a service',
    'src/server',
    'src/server/features/songs/songs.service.ts',
    'export const planted: number = "one";',
    /not assignable to type 'number'/,
  ],
  ['a browser global in server code', 'src/server', SERVER_FILE, 'export const planted = document.title;', /Cannot find name 'document'/],
  ['process.env in web code', 'src/web', WEB_FILE, 'export const planted = process.env.NODE_ENV;', /Cannot find name 'process'/],
  [
    'a Node module in web code',
    'src/web',
    WEB_FILE,
    "import { readFileSync } from 'node:fs';\nexport const planted = readFileSync;",
    /Cannot find module 'node:fs'/,
  ],
])(
  '%s fails the typecheck',
  (_what, project, file, planted, message) => {
    expect(errorsIn(project, file, planted)).toEqual([expect.stringMatching(message)]);
  },
  PROGRAM_TIME,
);

test.each([
  ['Node in server code', 'src/server', SERVER_FILE, 'export const planted = process.env.NODE_ENV;'],
  ['the DOM in web code', 'src/web', WEB_FILE, 'export const planted = () => document.title;'],
])(
  '%s passes',
  (_what, project, file, planted) => {
    expect(errorsIn(project, file, planted)).toEqual([]);
  },
  PROGRAM_TIME,
);
