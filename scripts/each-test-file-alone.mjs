#!/usr/bin/env node
/**
 * Runs every test file of the unit and API suite, and of its slow tier, alone (`vitest run <file>`), one
 * after another, and prints each one's result and seconds: a file that passes only after another has run
 * depends on that file's state or order. Not part of `npm test` (it starts vitest once per file).
 *
 *   node scripts/each-test-file-alone.mjs                 every file of both tiers
 *   node scripts/each-test-file-alone.mjs --unit          the unit and API suite only
 *   node scripts/each-test-file-alone.mjs --slow          the slow tier only
 *   node scripts/each-test-file-alone.mjs tests/api/x.test.ts ...   the files named
 *
 * Each file's output is kept in test-results/alone/; the exit code is 1 when any file failed.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const UNIT = 'vitest.config.ts';
const SLOW = 'vitest.slow.config.ts';
const vitest = path.resolve('node_modules/vitest/vitest.mjs');
const logs = path.resolve('test-results/alone');

/** The files a config matches, as vitest itself resolves them. */
function filesOf(config) {
  const listed = spawnSync(process.execPath, [vitest, 'list', '--filesOnly', '-c', config], { encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`vitest list -c ${config} failed:\n${listed.stderr}`);
  return listed.stdout
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /\.test\.ts$/.test(line));
}

const args = process.argv.slice(2);
const named = args.filter((a) => !a.startsWith('--'));
const slowFiles = new Set(filesOf(SLOW));
let files;
if (named.length > 0) files = named;
else if (args.includes('--slow')) files = [...slowFiles];
else if (args.includes('--unit')) files = filesOf(UNIT);
else files = [...filesOf(UNIT), ...slowFiles];

mkdirSync(logs, { recursive: true });
const results = [];
for (const file of files) {
  const config = slowFiles.has(path.normalize(file)) ? SLOW : UNIT;
  const started = process.hrtime.bigint();
  const run = spawnSync(process.execPath, [vitest, 'run', '-c', config, file], {
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' },
    maxBuffer: 256 * 1024 * 1024,
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const log = path.join(logs, `${file.replace(/[\\/]/g, '__')}.log`);
  writeFileSync(log, `${run.stdout ?? ''}\n${run.stderr ?? ''}`);
  const passed = run.status === 0;
  results.push({ file, passed, seconds, log });
  console.log(`${passed ? 'pass' : 'FAIL'}  ${seconds.toFixed(1).padStart(6)} s  ${file}${passed ? '' : `  (${log})`}`);
}

const failed = results.filter((r) => !r.passed);
const total = results.reduce((sum, r) => sum + r.seconds, 0);
console.log(`\n${results.length - failed.length} of ${results.length} files passed alone, ${total.toFixed(0)} s in all`);
for (const r of failed) console.log(`failed alone: ${r.file} (output: ${path.relative(process.cwd(), r.log)})`);
process.exitCode = failed.length > 0 ? 1 : 0;
