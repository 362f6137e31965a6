import PDFDocument from 'pdfkit';
import type { SongWriter } from '../songs/song-writers';

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
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: { Title: `${sheet.title}: lyric sheet`, Author: sheet.contact.siteName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - MARGIN * 2;
  doc.font('Helvetica-Bold').fontSize(20).text(sheet.title, { width });
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(10);
  const credits = sheet.writers.map((w) => [w.name, w.pro, w.publisher].filter(Boolean).join(', ') + ` (${w.share}%)`);
  if (credits.length > 0) doc.text(`Written by ${credits.join('; ')}`, { width });
  const details = [sheet.musicalKey && `Key: ${sheet.musicalKey}`, sheet.bpm && `Tempo: ${sheet.bpm} BPM`].filter(Boolean);
  if (details.length > 0) doc.text(details.join('   '), { width });
  doc.moveDown();

  const footerHeight = 30;
  const room = doc.page.height - MARGIN - footerHeight - doc.y;
  let size = 11;
  doc.font('Helvetica');
  while (size > 6 && doc.fontSize(size).heightOfString(sheet.lyrics, { width, lineGap: 1 }) > room) size -= 0.5;
  doc.fontSize(size).text(sheet.lyrics, { width, lineGap: 1, height: room, ellipsis: true });

  const contact = `${sheet.contact.siteName} · ${sheet.contact.email} · ${sheet.contact.publicUrl}`;
  doc
    .fontSize(9)
    .fillColor('#555555')
    .text(contact, MARGIN, doc.page.height - MARGIN - 12, { width, align: 'center', lineBreak: false });
  doc.end();
  return done;
}
