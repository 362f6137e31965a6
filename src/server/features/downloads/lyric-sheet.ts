import { createPdf, measuringFont, pdfBytes, writeCenteredLine, writeText } from '../../lib/pdf-text';
import type { SongWriter } from '../songs';

export interface LyricSheet {
  title: string;
  writers: readonly SongWriter[];
  musicalKey: string | null;
  bpm: number | null;
  lyrics: string;
  contact: { siteName: string; email: string; publicUrl: string };
}

const MARGIN = 54;

/**
 * The song's lyric sheet on one page: title, writers with their shares, key and tempo, the lyrics, and whom
 * to contact. Long lyrics get a smaller type rather than a second page, so the sheet stays one page.
 */
export function renderLyricSheet(sheet: LyricSheet): Promise<Buffer> {
  const doc = createPdf({
    size: 'LETTER',
    margin: MARGIN,
    info: { Title: `${sheet.title}: lyric sheet`, Author: sheet.contact.siteName },
  });
  const done = pdfBytes(doc);

  const width = doc.page.width - MARGIN * 2;
  writeText(doc.fontSize(20), sheet.title, 'bold', { width });
  doc.moveDown(0.3);
  doc.fontSize(10);
  const credits = sheet.writers.map((w) => [w.name, w.pro, w.publisher].filter(Boolean).join(', ') + ` (${w.share}%)`);
  if (credits.length > 0) writeText(doc, `Written by ${credits.join('; ')}`, 'regular', { width });
  const details = [sheet.musicalKey && `Key: ${sheet.musicalKey}`, sheet.bpm && `Tempo: ${sheet.bpm} BPM`].filter(Boolean);
  if (details.length > 0) writeText(doc, details.join('   '), 'regular', { width });
  doc.moveDown();

  const footerHeight = 30;
  const room = doc.page.height - MARGIN - footerHeight - doc.y;
  let size = 11;
  // Measured in the widest face the lyrics use, so mixed scripts never run past the page.
  doc.font(measuringFont(sheet.lyrics, 'regular'));
  const fits = (text: string) => doc.fontSize(size).heightOfString(text, { width, lineGap: 1 }) <= room;
  while (size > 6 && !fits(sheet.lyrics)) size -= 0.5;
  writeText(doc.fontSize(size), fits(sheet.lyrics) ? sheet.lyrics : cutToFit(sheet.lyrics, fits), 'regular', { width, lineGap: 1 });

  const contact = `${sheet.contact.siteName} · ${sheet.contact.email} · ${sheet.contact.publicUrl}`;
  doc.fontSize(9).fillColor('#555555');
  doc.y = doc.page.height - MARGIN - 12;
  writeCenteredLine(doc, contact, 'regular', { x: MARGIN, width });
  doc.end();
  return done;
}

/** The most whole lines of `text` that fit, then an ellipsis (lyrics too long even in the smallest type). */
function cutToFit(text: string, fits: (text: string) => boolean): string {
  const lines = text.split('\n');
  const upTo = (n: number) => [...lines.slice(0, n), '…'].join('\n');
  let [low, high] = [0, lines.length];
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(upTo(mid))) low = mid;
    else high = mid - 1;
  }
  return upTo(low);
}
