import path from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';

/**
 * The response schemas are the one declaration of what the API answers: the server's route is checked
 * against it and the page reads its type from it. Renaming a field of the catalogue card's schema must
 * therefore fail the typecheck of both the route that sends it and the page that reads it.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const SCHEMA_FILE = path.join(ROOT, 'src/common/responses/songs.ts');
const PAGE = path.join(ROOT, 'src/web/features/songs/song-card.tsx');
const ROUTE = path.join(ROOT, 'src/server/features/songs/songs.routes.ts');

function compilerOptions(): ts.CompilerOptions {
  const file = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  return ts.parseJsonConfigFileContent(file.config, ts.sys, ROOT).options;
}

/** Type-checks the page and the route, with the schema file's text changed by `edit`. */
function diagnosticsWith(edit: (schemaText: string) => string, oldProgram?: ts.Program) {
  const options = compilerOptions();
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => {
    const text = readFile(name);
    return text !== undefined && path.resolve(name) === SCHEMA_FILE ? edit(text) : text;
  };
  const program = ts.createProgram({ rootNames: [PAGE, ROUTE], options, host, oldProgram });
  const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ({
    file: d.file ? path.relative(ROOT, d.file.fileName) : '',
    message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
  }));
  return { program, diagnostics };
}

test('renaming a field of a response schema breaks the typecheck of the page reading it and of the route sending it', () => {
  const unchanged = diagnosticsWith((text) => text);
  expect(unchanged.diagnostics).toEqual([]);

  const cardSchema = /(export const CatalogueSongItemSchema = z\.object\(\{[^}]*?)\btitle: z\.string\(\)/;
  const { diagnostics: renamed } = diagnosticsWith((text) => {
    expect(text).toMatch(cardSchema);
    return text.replace(cardSchema, '$1name: z.string()');
  }, unchanged.program);
  const files = new Set(renamed.map((d) => d.file));
  expect(files).toContain('src/web/features/songs/song-card.tsx');
  expect(renamed.find((d) => d.file === 'src/web/features/songs/song-card.tsx')?.message).toMatch(/'title' does not exist/);
  expect([...files].some((file) => file.startsWith('src/server/features/songs/'))).toBe(true);
}, 120_000);
