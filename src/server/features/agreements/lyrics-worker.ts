import mammoth from 'mammoth';
import { LIMITS } from '../../../common/constants';
import { tidyLyrics } from './tidy-lyrics';

/** The submitted lyrics file's kinds we can read text from, by the type stored when it was sniffed at upload. */
const TXT = 'text/plain';
const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export interface LyricsFileJob {
  bytes: Uint8Array;
  contentType: string;
}

/**
 * One job of the lyrics pool (lyrics-text.ts), run in a worker thread: the text of a submitted lyrics file,
 * tidied for the song's lyrics field. TXT as UTF-8, DOCX through mammoth, PDF through unpdf; empty when the
 * kind has no reader here (DOC, Pages) or nothing readable is inside (a scanned PDF). Throws when the file
 * does not parse: the pool reports it as the job's failure.
 */
export default async function readLyricsFile({ bytes, contentType }: LyricsFileJob): Promise<string> {
  const type = contentType.split(';')[0]!.trim();
  if (type === TXT) return tidyLyrics(new TextDecoder('utf-8').decode(bytes));
  if (type === DOCX) return tidyLyrics(await docxText(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)));
  if (type === PDF) return tidyLyrics(await pdfText(bytes));
  return '';
}

/** An element of mammoth's document model, as far as its text goes. */
interface DocxElement {
  type: string;
  value?: string;
  children?: DocxElement[];
}

/**
 * A Word document's text, one line per paragraph, with its line breaks and tabs. mammoth reads the document;
 * its own raw text drops line breaks and puts a blank line after each paragraph, so the text is taken from
 * the document it parsed (handed to transformDocument), and nothing is converted to HTML.
 */
async function docxText(buffer: Buffer): Promise<string> {
  let text = '';
  await mammoth.convertToHtml(
    { buffer },
    {
      transformDocument: (document: DocxElement) => {
        text = plainText(document);
        return { ...document, children: [] };
      },
    },
  );
  return text;
}

function plainText(element: DocxElement): string {
  if (element.type === 'text') return element.value ?? '';
  if (element.type === 'tab') return '\t';
  if (element.type === 'break') return '\n';
  const inner = (element.children ?? []).map(plainText).join('');
  return element.type === 'paragraph' ? `${inner}\n` : inner;
}

/** Lyrics fill a few pages: a longer PDF is read no further, so a large document costs no more than this. */
const PDF_MAX_PAGES = 20;

/** A PDF's text, page by page as unpdf's extractText joins it, up to PDF_MAX_PAGES or enough for the lyrics field. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  // Loaded only when a PDF is read: pdf.js is large.
  const { getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(bytes);
  try {
    const pages: string[] = [];
    let length = 0;
    for (let n = 1; n <= Math.min(pdf.numPages, PDF_MAX_PAGES) && length < LIMITS.lyricsMax; n++) {
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
