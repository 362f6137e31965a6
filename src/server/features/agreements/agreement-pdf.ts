import PDFDocument from 'pdfkit';

export interface SignedAgreement {
  text: string;
  songTitle: string;
  signedName: string | null;
  answeredAt: Date | null;
  textSha256: string | null;
}

/** The signed agreement as a PDF: its text as signed, then the signature (name, time, hash of the text). */
export function renderAgreementPdf(agreement: SignedAgreement): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 72, info: { Title: `Pitch agreement: ${agreement.songTitle}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const [title, ...body] = agreement.text.split('\n');
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(title ?? '');
  doc.moveDown();
  doc.font('Helvetica').fontSize(11).text(body.join('\n').trim(), { lineGap: 2 });
  doc.moveDown(2);
  doc.font('Helvetica-Bold').text('Signed');
  doc.font('Helvetica').text(`Name: ${agreement.signedName ?? ''}`);
  doc.text(`Date: ${agreement.answeredAt?.toISOString() ?? ''}`);
  doc.fontSize(8).text(`SHA-256 of the text above: ${agreement.textSha256 ?? ''}`);
  doc.end();
  return done;
}
