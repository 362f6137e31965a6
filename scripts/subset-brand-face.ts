/**
 * Cuts the brand's display face (Fraunces, from @fontsource-variable/fraunces) down to what the headings use,
 * into src/web/fonts/: the weight pinned at 700 (headings are bold or semibold; one static weight is half the
 * variable file), in two files split by character, as font services split theirs:
 * - basic (ASCII, Latin-1's accented letters, typographic quotes and dashes): what headings hold, preloaded;
 * - latin (the rest of Latin-1 and its punctuation: currency, ©, ¿…): fetched only by a page whose heading holds
 *   one of those characters, through its @font-face unicode-range (`optional`: a first view may draw that
 *   character in the fallback face).
 * It writes the two files and brand-face.css, their @font-face rules. All three are committed; run this again
 * (`npm run brand-face`) only to change the face or its ranges.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const source = await readFile(require.resolve('@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2'));
const outDir = path.resolve(import.meta.dirname, '../src/web/fonts');
const WEIGHT = 700;

const span = (from: number, to = from): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);
// The Latin subset as the package cuts it.
const LATIN = [
  ...span(0x20, 0x7e),
  ...span(0xa0, 0xff),
  ...span(0x131),
  ...span(0x152, 0x153),
  ...span(0x2bb, 0x2bc),
  ...span(0x2c6),
  ...span(0x2da),
  ...span(0x2dc),
  ...span(0x2000, 0x206f),
  ...span(0x20ac),
  ...span(0x2122),
  ...span(0x2212),
];
// ASCII, the accented letters of Latin-1 (a title like "Café" is drawn in one face), no-break space, middle dot,
// en and em dashes, curly quotes, bullet, ellipsis.
const BASIC = new Set([
  ...span(0x20, 0x7e),
  ...span(0xc0, 0xd6),
  ...span(0xd8, 0xf6),
  ...span(0xf8, 0xff),
  0xa0,
  0xb7,
  0x2013,
  0x2014,
  0x2018,
  0x2019,
  0x201c,
  0x201d,
  0x2022,
  0x2026,
]);
const FILES = { basic: [...BASIC], latin: LATIN.filter((c) => !BASIC.has(c)) };

/** "U+0020-007E, U+00A0, …": runs of consecutive code points, as unicode-range writes them. */
function unicodeRange(codePoints: number[]): string {
  const hex = (c: number) => c.toString(16).toUpperCase().padStart(4, '0');
  const runs: [number, number][] = [];
  for (const c of [...codePoints].sort((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last && c === last[1] + 1) last[1] = c;
    else runs.push([c, c]);
  }
  return runs.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(', ');
}

const rules: string[] = [];
for (const [name, codePoints] of Object.entries(FILES)) {
  const file = `fraunces-${WEIGHT}-${name}.woff2`;
  const font = await subsetFont(source, String.fromCodePoint(...codePoints), { targetFormat: 'woff2', variationAxes: { wght: WEIGHT } });
  await writeFile(path.join(outDir, file), font);
  console.log(`${file}: ${font.length} bytes`);
  rules.push(`@font-face {
  font-family: 'Fraunces';
  font-style: normal;
  font-display: optional;
  font-weight: ${WEIGHT};
  src: url('./${file}') format('woff2');
  unicode-range: ${unicodeRange(codePoints)};
}`);
}
const css = `/* Made by scripts/subset-brand-face.ts (npm run brand-face): edit that, not this. */\n${rules.join('\n')}\n`;
const cssFile = path.join(outDir, 'brand-face.css');
await writeFile(cssFile, await format(css, { ...(await resolveConfig(cssFile)), filepath: cssFile }));
