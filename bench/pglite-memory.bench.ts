import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { timesFloor, type Row } from './support';

const CHILD = fileURLToPath(new URL('./pglite-memory-child.ts', import.meta.url));

interface Measured {
  rssMb: number;
  wasmMb: number;
  list: number;
  search: number;
  served: number;
  rssAfterMb: number;
}

function run(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child
      .on('error', reject)
      .on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${args.join(' ')} exited with ${code}`))));
  });
}

/** A restarted server's PGlite over 10,000 songs, with this shared_buffers ('' for PGlite's own 128 MB). */
async function measure(sharedBuffers: string): Promise<Measured> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pitchroom-bench-memory-'));
  try {
    const pgliteDir = path.join(dir, 'db');
    await run(['--import', 'tsx', CHILD, 'prepare', pgliteDir, sharedBuffers]);
    return JSON.parse((await run(['--import', 'tsx', CHILD, 'measure', pgliteDir, sharedBuffers])).trim().split('\n').pop()!) as Measured;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * P7, PGlite's memory: a server process's resident memory at idle (after collection) and its WebAssembly heap,
 * for shared_buffers at PGlite's own 128 MB and smaller, each beside the catalogue list's and search's median
 * time (no cache, one request at a time) the same process measured; the floor, a bare Node process. Each setting runs twice, in
 * turns, so that a busy moment of the machine does not fall on one side only.
 */
export async function pgliteMemoryBench(): Promise<Row[]> {
  const bare = Number(
    await run(['--expose-gc', '-e', 'gc(); setTimeout(() => console.log(Math.round(process.memoryUsage().rss / 1048576)), 200)']),
  );
  const settings = ['', '16MB'];
  const results = new Map<string, Measured[]>(settings.map((s) => [s, []]));
  for (let round = 0; round < 2; round++) for (const s of settings) results.get(s)!.push(await measure(s));
  return settings.map((s) => {
    const runs = results.get(s)!;
    const of = (key: keyof Measured) => runs.map((r) => r[key]).join(' / ');
    return {
      id: 'P7',
      what: `PGlite server process at idle, 10k songs, shared_buffers ${s || '128MB (PGlite default)'}`,
      figure:
        `resident ${of('rssMb')} MB (WASM heap ${of('wasmMb')} MB; bare node ${bare} MB, ${timesFloor(runs[0]!.rssMb, bare)}); ` +
        `catalogue median, one at a time, no cache: list ${of('list')} ms, search ${of('search')} ms; served list ${of('served')} ms; ` +
        `resident after the load ${of('rssAfterMb')} MB`,
      budget: '—',
      met: null,
    };
  });
}
