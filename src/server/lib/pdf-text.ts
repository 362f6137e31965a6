import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';

/**
 * Text in our PDFs in fonts that hold it: Noto Sans for Latin (accents, Greek, Cyrillic), Noto Sans SC for
 * Chinese, Noto Emoji for emoji, embedded as subsets of the glyphs used. PDFKit's built-in fonts know only
 * Latin-1, and anything else came out as other characters; here each run of text is set in the first face
 * that has its glyphs, so the PDF's text reads back as what was written.
 */

export type PdfWeight = 'regular' | 'bold';

const require = createRequire(import.meta.url);
/**
 * A font file inside a package's folder, found the way Node finds the package, from source and from the
 * bundle alike (the packages export no path to their files, so the folder is the one above their entry).
 */
function packageFile(pkg: string, file: string): string {
  let dir = path.dirname(require.resolve(pkg));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return path.join(dir, file);
}

const FACES = {
  latin: {
    regular: () => packageFile('@embedpdf/fonts-latin', 'fonts/NotoSans-Regular.ttf'),
    bold: () => packageFile('@embedpdf/fonts-latin', 'fonts/NotoSans-Bold.ttf'),
  },
  chinese: {
    regular: () => packageFile('@embedpdf/fonts-sc', 'fonts/NotoSansHans-Regular.otf'),
    bold: () => packageFile('@embedpdf/fonts-sc', 'fonts/NotoSansHans-Bold.otf'),
  },
  emoji: {
    regular: () => packageFile('@expo-google-fonts/noto-emoji', '400Regular/NotoEmoji_400Regular.ttf'),
    bold: () => packageFile('@expo-google-fonts/noto-emoji', '700Bold/NotoEmoji_700Bold.ttf'),
  },
} as const;
type Face = keyof typeof FACES;
/** The order a character's face is looked for in: the first that has it sets it. */
const FALLBACK: readonly Face[] = ['latin', 'chinese', 'emoji'];

interface LoadedFace {
  name: string;
  font: fontkit.Font;
}

// Read and parsed once per process, and shared by every document (PDFKit takes a parsed font as it is):
// parsing the faces' layout tables anew for each document would cost more than the rest of it. Each
// document embeds only the glyphs it uses.
const loaded = new Map<string, LoadedFace>();
function face(f: Face, weight: PdfWeight): LoadedFace {
  const name = `${f}-${weight}`;
  let found = loaded.get(name);
  if (!found) {
    found = { name, font: fontkit.create(readFileSync(FACES[f][weight]())) as fontkit.Font };
    loaded.set(name, found);
  }
  return found;
}

/** Code points that belong with the one before them whatever face has them: joiners, variation selectors, combining marks, skin tones, tag characters. */
const JOINS_PREVIOUS: readonly (readonly [number, number])[] = [
  [0x0300, 0x036f],
  [0x200d, 0x200d],
  [0xfe00, 0xfe0f],
  [0x1f3fb, 0x1f3ff],
  [0xe0020, 0xe007f],
];
const joinsPrevious = (codePoint: number) => JOINS_PREVIOUS.some(([from, to]) => codePoint >= from && codePoint <= to);

export interface TextRun {
  text: string;
  font: string;
}

/** `text` cut into runs, each named by the face that sets it (the Latin face for what none has, and for spacing). */
export function fontRuns(text: string, weight: PdfWeight): TextRun[] {
  const runs: TextRun[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    const previous = runs.at(-1);
    const name =
      previous && (joinsPrevious(codePoint) || /\s/u.test(char))
        ? previous.font
        : (FALLBACK.map((f) => face(f, weight)).find((f) => f.font.hasGlyphForCodePoint(codePoint)) ?? face('latin', weight)).name;
    if (previous?.font === name) previous.text += char;
    else runs.push({ text: char, font: name });
  }
  return runs;
}

/** A PDF document with our faces registered by name, ready for `writeText`. */
export function createPdf(options: PDFKit.PDFDocumentOptions): PDFKit.PDFDocument {
  const doc = new PDFDocument(options);
  for (const f of FALLBACK) {
    for (const weight of ['regular', 'bold'] as const) {
      const { name, font } = face(f, weight);
      // PDFKit's types name only files and bytes, but it takes a font fontkit has parsed as it is.
      doc.registerFont(name, font as unknown as Buffer);
    }
  }
  doc.font(face('latin', 'regular').name);
  return doc;
}

/**
 * Writes `text` as PDFKit's `doc.text` would, each run in a face that has it. A line's runs follow on one
 * another (`continued`), so its wrapping and alignment are those of one paragraph; each line of `text` is
 * written on its own, as PDFKit places a line break inside continued text wrongly, and a blank one moves
 * down a line.
 */
export function writeText(doc: PDFKit.PDFDocument, text: string, weight: PdfWeight, options: PDFKit.Mixins.TextOptions = {}) {
  for (const line of text.split('\n')) {
    if (line.trim() === '') {
      doc.font(face('latin', weight).name).moveDown(1);
      continue;
    }
    const runs = fontRuns(line, weight);
    runs.forEach((run, i) => doc.font(run.font).text(run.text, { ...options, continued: i < runs.length - 1 }));
  }
  return doc;
}

/**
 * One line centred in `width` from `x`, at the current y, never wrapped: PDFKit centres each continued run on
 * its own, so the line's width is measured run by run and its runs written from where it starts.
 */
export function writeCenteredLine(doc: PDFKit.PDFDocument, text: string, weight: PdfWeight, { x, width }: { x: number; width: number }) {
  const runs = fontRuns(text, weight);
  const lineWidth = runs.reduce((sum, run) => sum + doc.font(run.font).widthOfString(run.text), 0);
  doc.x = x + Math.max(0, (width - lineWidth) / 2);
  runs.forEach((run, i) => doc.font(run.font).text(run.text, { lineBreak: false, continued: i < runs.length - 1 }));
  return doc;
}

/** The face to measure `text` with: the widest it uses, so a measured height is never short. */
export function measuringFont(text: string, weight: PdfWeight): string {
  const names = new Set(fontRuns(text, weight).map((r) => r.font));
  return names.has(face('chinese', weight).name) ? face('chinese', weight).name : face('latin', weight).name;
}

/** The finished document's bytes. */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
