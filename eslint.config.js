// ESLint: TypeScript's recommended rules, the type-aware promise rules (an async server and React app must not
// drop a promise), React's rules of hooks, and the import boundaries of the design: common is shared by both sides
// and imports neither, nor Node's modules; the web app takes only types from the server, and the server nothing from
// the web app; a route file never touches the database and a service never touches Hono; a feature, on either
// side, reaches another only through the index.ts that feature exports on purpose. Each runtime's globals are the compiler's
// part: src/server and src/web each have a tsconfig of their own.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const featuresIn = (folder) =>
  readdirSync(new URL(folder, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const WEB_FEATURES = featuresIn('./src/web/features');
const SERVER_FEATURES = featuresIn('./src/server/features');

/** In one feature's files: any module of another feature (of the same side) but its index is off limits. */
const otherFeaturesInternals = (features, feature) =>
  features
    .filter((other) => other !== feature)
    .map((other) => ({
      // Imports are relative ('../catalogue/audio-player'), so a folder of that name followed by a module.
      group: [`**/${other}/*`, `!**/${other}/index`, `!**/${other}/index.ts`],
      message: `Import the ${other} feature through its index.ts, which says what it offers the others.`,
    }));

const COMMON_IMPORTS_NEITHER_SIDE = {
  group: ['**/server/**', '**/web/**', 'hono*', 'drizzle-orm*', 'react', 'react-dom*', 'react-router'],
  message: 'src/common is shared by the server and the browser: it imports neither side.',
};

const COMMON_IMPORTS_NO_NODE = {
  group: ['node:*'],
  message: "src/common runs in the browser too: Node's modules belong to the server.",
};

const SERVER_IMPORTS_NO_WEB = {
  group: ['**/web/**'],
  message: 'The server imports nothing from the web app; what both need belongs in src/common.',
};

const SERVICE_SPEAKS_NO_HTTP = {
  group: ['hono', 'hono/*', '@hono/*'],
  message: 'A service knows nothing of HTTP: the route file speaks Hono.',
};

const ROUTE_LEAVES_THE_DATABASE = {
  group: ['**/db/**', 'drizzle-orm*', 'pg', '@electric-sql/*'],
  allowTypeImports: true,
  message: 'A route parses, calls one service and answers: the database is the service’s.',
};

const restrictedImports = (patterns) => ({ '@typescript-eslint/no-restricted-imports': ['error', { patterns }] });

/**
 * The server's rules for the files under `folder`, plus `patterns` for all of them. A later block replaces an
 * earlier one's patterns for the same rule, so each kind of file lists all of its own.
 */
const serverImportRules = (folder, patterns = []) => [
  { files: [`${folder}/**/*.ts`], rules: restrictedImports([SERVER_IMPORTS_NO_WEB, ...patterns]) },
  // A service is called by routes, workers and scripts alike: it takes plain values, never a request.
  { files: [`${folder}/**/*.service.ts`], rules: restrictedImports([SERVER_IMPORTS_NO_WEB, SERVICE_SPEAKS_NO_HTTP, ...patterns]) },
  { files: [`${folder}/**/*.routes.ts`], rules: restrictedImports([SERVER_IMPORTS_NO_WEB, ROUTE_LEAVES_THE_DATABASE, ...patterns]) },
];

const TYPED_FILES = ['**/*.ts', '**/*.tsx'];

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'drizzle/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: TYPED_FILES,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // A form's onSubmit takes react-hook-form's handleSubmit, which returns a promise React has no use for; the
      // form shows its own errors. Everywhere else a promise where a void is expected is an error.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Our input checks match control characters on purpose (text fields, file names, storage keys).
      'no-control-regex': 'off',
    },
  },
  {
    // A function a newcomer reads once: past this, split it along its parts.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }] },
  },
  {
    // A test reads answers of every shape; typing each body would say nothing a failing assertion does not.
    files: ['tests/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'no-restricted-globals': ['error', { name: 'process', message: 'The browser has no process: read import.meta.env.' }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], allowTypeImports: true, message: 'The web app takes only types from the server.' }] },
      ],
    },
  },
  ...WEB_FEATURES.map((feature) => ({
    files: [`src/web/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], allowTypeImports: true, message: 'The web app takes only types from the server.' },
            ...otherFeaturesInternals(WEB_FEATURES, feature),
          ],
        },
      ],
    },
  })),
  {
    // Shared components and helpers serve every feature, so they import none.
    files: ['src/web/components/**/*.{ts,tsx}', 'src/web/lib/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], allowTypeImports: true, message: 'The web app takes only types from the server.' },
            { group: ['**/features/**'], message: 'Shared components and helpers import no feature; move what both need here.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/common/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [COMMON_IMPORTS_NEITHER_SIDE, COMMON_IMPORTS_NO_NODE] }],
    },
  },
  ...serverImportRules('src/server'),
  ...SERVER_FEATURES.flatMap((feature) =>
    serverImportRules(`src/server/features/${feature}`, otherFeaturesInternals(SERVER_FEATURES, feature)),
  ),
);
