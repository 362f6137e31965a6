import { inflateRawSync } from 'node:zlib';
import { LIMITS } from '../../../common/constants';

/** The submitted lyrics file's kinds we can read text from, by the type stored when it was sniffed at upload. */
const TXT = 'text/plain';
const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** How long a PDF's text may take: past it the file counts as unreadable, so one file cannot stall every start. */
export const PDF_TIMEOUT_MS = 5_000;

/**
 * The text of a submitted lyrics file, tidied for the song's lyrics field: TXT as UTF-8, DOCX from its
 * word/document.xml, PDF through unpdf. Empty when the kind has no reader here (DOC, Pages), nothing
 * readable is inside (a scanned PDF), or the PDF does not parse within pdfTimeoutMs. Never throws.
 */
export async function lyricsFromFile(
  bytes: Buffer,
  contentType: string,
  { pdfTimeoutMs = PDF_TIMEOUT_MS }: { pdfTimeoutMs?: number } = {},
): Promise<string> {
  const type = contentType.split(';')[0]!.trim();
  let text = '';
  try {
    if (type === TXT) text = new TextDecoder('utf-8').decode(bytes);
    else if (type === DOCX) text = docxText(bytes);
    else if (type === PDF) text = await pdfText(bytes, pdfTimeoutMs);
  } catch {
    // A file the parser rejects, or one too slow to parse, would fail the same way on every retry.
    text = '';
  }
  return tidyLyrics(text);
}

/**
 * Lines as the lyrics field keeps them: Unix newlines, no control characters (the song form refuses them),
 * no trailing spaces, at most one blank line in a row, and at most LIMITS.lyricsMax characters.
 */
export function tidyLyrics(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/^\uFEFF/, '')
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g, '')
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, LIMITS.lyricsMax)
    .trim();
}

/** Lyrics fill a few pages: a longer PDF is read no further, so a large document costs no more than this. */
const PDF_MAX_PAGES = 20;

/**
 * A PDF's text, page by page as unpdf's extractText joins it, up to PDF_MAX_PAGES or enough for the lyrics field.
 * pdf.js has no time limit of its own: past timeoutMs this rejects, and the reading stops at the next page. A
 * parse that blocks the thread without yielding is not bounded by this (only a worker thread would bound it).
 */
async function pdfText(bytes: Buffer, timeoutMs: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  let timedOut = false;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      reject(new Error(`PDF text not read within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([readPdf(bytes, () => timedOut), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function readPdf(bytes: Buffer, stopped: () => boolean): Promise<string> {
  // Loaded only when a PDF is read: pdf.js is large.
  const { getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  try {
    const pages: string[] = [];
    let length = 0;
    for (let n = 1; n <= Math.min(pdf.numPages, PDF_MAX_PAGES) && length < LIMITS.lyricsMax && !stopped(); n++) {
      const { items } = await (await pdf.getPage(n)).getTextContent();
      const text = items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
      pages.push(text);
      length += text.length;
    }
    return pages
      .join('\n')
      .replace(/[^\S\n]+/g, ' ')
      .replace(/ ?\n ?/g, '\n');
  } finally {
    await pdf.loadingTask.destroy();
  }
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function decodeXml(s: string): string {
  return s.replace(/&(?:#x([0-9a-f]+)|#(\d+)|(amp|lt|gt|quot|apos));/gi, (_, hex?: string, dec?: string, named?: string) =>
    named ? XML_ENTITIES[named.toLowerCase()]! : codePoint(hex ? Number.parseInt(hex, 16) : Number(dec)),
  );
}
function codePoint(n: number): string {
  return n > 0 && n <= 0x10ffff && (n < 0xd800 || n > 0xdfff) ? String.fromCodePoint(n) : '';
}

/** A Word document's text: each paragraph a line, line breaks and tabs kept, everything else (styles, fields) dropped. */
export function docxText(bytes: Buffer): string {
  const xml = zipEntry(bytes, 'word/document.xml');
  if (!xml) return '';
  // Paragraph properties hold tab stops (<w:tab w:val=…/>), which are not text.
  const body = xml
    .toString('utf8')
    .replace(/<w:pPr>[\s\S]*?<\/w:pPr>/g, '')
    // An empty paragraph is written <w:p/>: a line of its own.
    .replace(/<w:p(?:\s[^>]*)?\/>/g, '</w:p>');
  let text = '';
  for (const [, tag, content] of body.matchAll(/<(w:t|w:tab|w:br|w:cr|\/w:p)\b[^>]*?(?:\/>|>([^<]*)<\/w:t>|>)/g)) {
    if (tag === 'w:t') text += decodeXml(content ?? '');
    else if (tag === 'w:tab') text += '\t';
    else text += '\n';
  }
  return text;
}

/**
 * One entry of a zip archive, found through its central directory. The file was checked at upload (sniff-zip:
 * entry count and unpacked sizes bounded), and the inflated size is capped again here.
 */
function zipEntry(zip: Buffer, name: string): Buffer | undefined {
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return undefined;
  const count = zip.readUInt16LE(end + 10);
  for (let p = zip.readUInt32LE(end + 16), n = 0; n < count && p + 46 <= zip.length; n++) {
    if (zip.readUInt32LE(p) !== 0x02014b50) return undefined;
    const method = zip.readUInt16LE(p + 10);
    const compressed = zip.readUInt32LE(p + 20);
    const nameLength = zip.readUInt16LE(p + 28);
    const local = zip.readUInt32LE(p + 42);
    if (zip.toString('utf8', p + 46, p + 46 + nameLength) === name) {
      if (local + 30 > zip.length) return undefined;
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + compressed);
      if (method === 0) return data;
      if (method !== 8) return undefined;
      try {
        return inflateRawSync(data, { maxOutputLength: LIMITS.archiveMaxUnpackedBytes });
      } catch {
        return undefined;
      }
    }
    p += 46 + nameLength + zip.readUInt16LE(p + 30) + zip.readUInt16LE(p + 32);
  }
  return undefined;
}
