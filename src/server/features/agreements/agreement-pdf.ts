import { dayInWords } from '../../../common/days';
import { createPdf, pdfBytes, writeText } from '../../lib/pdf-text';

export interface SignedAgreement {
  text: string;
  songTitle: string;
  signedName: string | null;
  answeredAt: Date | null;
  textSha256: string | null;
}

/**
 * The signed agreement as a PDF: its text as signed, then the signature (name, day, hash of the text). Set in
 * faces that hold every script, so the PDF's text is what was signed, whatever the name.
 */
export function renderAgreementPdf(agreement: SignedAgreement): Promise<Buffer> {
  const doc = createPdf({ size: 'LETTER', margin: 72, info: { Title: `Pitch agreement: ${agreement.songTitle}` } });
  const done = pdfBytes(doc);
  const [title, ...body] = agreement.text.split('\n');
  writeText(doc.fontSize(14), title ?? '', 'bold');
  doc.moveDown();
  writeText(doc.fontSize(11), body.join('\n').trim(), 'regular', { lineGap: 2 });
  doc.moveDown(2);
  writeText(doc, 'Signed', 'bold');
  writeText(doc, `Name: ${agreement.signedName ?? ''}`, 'regular');
  writeText(doc, `Date: ${agreement.answeredAt ? dayInWords(agreement.answeredAt) : ''}`, 'regular');
  writeText(doc.fontSize(8), `SHA-256 of the text above: ${agreement.textSha256 ?? ''}`, 'regular');
  doc.end();
  return done;
}
