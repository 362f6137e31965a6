import { WRITER_PROS } from '../constants';
import type { SongWriterInput } from './songs';

/**
 * The writers cell of the catalogue CSV: writers separated by `;`, each `Name (PRO, IPI 00123456789, Publisher)
 * 50%`. A name or publisher that would read as the cell's punctuation, a society or an IPI number is written in
 * double quotes, inner quotes doubled, as CSV does (`"Sony Music Publishing (US)"`). As in CSV, a quote opens a
 * quoted stretch only where a name or detail starts (after `;`, `(` or `,`) and is closed further on; any other
 * quote is an ordinary character, so what people type by hand reads as it always did.
 */

const SHARE = /\s*(?<share>\d+(?:\.\d+)?)\s*%$/;
const IPI = /^(?:IPI|CAE|IPI\/CAE)[\s:#]*(?<ipi>\d+)$/i;
const PUNCTUATION = /[();,"]/;
const isSociety = (text: string) => WRITER_PROS.some((p) => p.toLowerCase() === text.trim().toLowerCase());

/** Where a quote at `open` closes (a doubled quote inside is a quote character); -1 if it never does. */
function closingQuote(text: string, open: number): number {
  for (let i = open + 1; i < text.length; i++) {
    if (text[i] !== '"') continue;
    if (text[i + 1] === '"') i++;
    else return i;
  }
  return -1;
}

/** For each character of `text`, whether it lies in a quoted stretch (its quotes included). */
function quotedMask(text: string): boolean[] {
  const mask = Array<boolean>(text.length).fill(false);
  let atStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const close = c === '"' && atStart ? closingQuote(text, i) : -1;
    if (close !== -1) {
      mask.fill(true, i, close + 1);
      i = close;
      atStart = false;
    } else if (c === ';' || c === '(' || c === ',') atStart = true;
    else if (c.trim() !== '') atStart = false;
  }
  return mask;
}

/** `text` split at `separator` where it stands outside quoted stretches, each piece trimmed, empty ones left out. */
function splitOutside(text: string, separator: string): string[] {
  const mask = quotedMask(text);
  const pieces: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === separator && !mask[i]) {
      pieces.push(text.slice(start, i));
      start = i + 1;
    }
  }
  pieces.push(text.slice(start));
  return pieces.map((p) => p.trim()).filter(Boolean);
}

/** A piece's text: without its quotes when one quoted stretch is the whole of it, as written otherwise. */
function unquote(piece: string): string {
  if (piece.startsWith('"') && closingQuote(piece, 0) === piece.length - 1) return piece.slice(1, -1).replaceAll('""', '"');
  return piece;
}

/** "Name (details) 50%" as its name, the text inside its last brackets (if any) and its share; undefined if unreadable. */
function splitWriter(part: string): { name: string; details: string; share: number } | undefined {
  const share = SHARE.exec(part);
  if (!share?.groups) return undefined;
  const rest = part.slice(0, share.index).trim();
  const mask = quotedMask(rest);
  if (!rest.endsWith(')') || mask[rest.length - 1]) return { name: rest, details: '', share: Number(share.groups.share) };
  // The details are the brackets that close at the end; earlier brackets belong to the name.
  let depth = 0;
  for (let i = rest.length - 1; i >= 0; i--) {
    if (mask[i]) continue;
    if (rest[i] === ')') depth++;
    else if (rest[i] === '(' && --depth === 0)
      return { name: rest.slice(0, i).trim(), details: rest.slice(i + 1, -1), share: Number(share.groups.share) };
  }
  return undefined;
}

/**
 * One writers cell, "Jo Whitfield (BMI, IPI 00123456789, Big Tree Music) 50%; Casey Rivers (ASCAP) 50%", as the
 * song form's writers. In the brackets: the society, "IPI" and the number, and anything else is the publisher
 * (an unquoted publisher with a comma reads as one). A writer without a society is credited as "None". Answers
 * the first writer it cannot read instead; the form's schema then judges the list.
 */
export function parseWritersCell(cell: string): { writers: SongWriterInput[] } | { unreadable: string } {
  const writers: SongWriterInput[] = [];
  for (const part of splitOutside(cell, ';')) {
    const pieces = splitWriter(part);
    const name = pieces && unquote(pieces.name);
    if (!pieces || !name) return { unreadable: part };
    // A writer named without a society is credited as having none, as the form's "None".
    const writer: SongWriterInput = { name, pro: 'None', share: pieces.share };
    const publisher: string[] = [];
    for (const detail of splitOutside(pieces.details, ',')) {
      const pro = WRITER_PROS.find((p) => p.toLowerCase() === detail.toLowerCase());
      const ipi = IPI.exec(detail)?.groups?.ipi;
      if (pro) writer.pro = pro;
      else if (ipi) writer.ipi = ipi;
      else publisher.push(unquote(detail));
    }
    if (publisher.length > 0) writer.publisher = publisher.join(', ');
    writers.push(writer);
  }
  return { writers };
}

const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** A song's writers as one cell, in the form parseWritersCell reads: an export can be edited and imported again. */
export function formatWritersCell(
  writers: readonly { name: string; pro: string; ipi?: string | null; publisher?: string | null; share: number }[],
): string {
  return writers
    .map((w) => {
      const publisher =
        w.publisher &&
        (PUNCTUATION.test(w.publisher) || isSociety(w.publisher) || IPI.test(w.publisher.trim()) ? quoted(w.publisher) : w.publisher);
      const details = [w.pro === 'None' ? null : w.pro, w.ipi ? `IPI ${w.ipi}` : null, publisher].filter(Boolean);
      const name = PUNCTUATION.test(w.name) || SHARE.test(w.name) ? quoted(w.name) : w.name;
      return `${name}${details.length > 0 ? ` (${details.join(', ')})` : ''} ${w.share}%`;
    })
    .join('; ');
}
