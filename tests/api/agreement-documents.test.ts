import { eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dayInWords } from '../../src/common/days';
import { makePaidOrder, makeSongwriter, makeUser } from '../../src/server/db/seed/factories';
import { makeSong } from '../../src/server/db/seed/song-factories';
import { pitchAgreements, songReviews } from '../../src/server/db/schema';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { latestMail, signedInClient } from './helpers';

/** A name no Latin-1 font can set: accents beyond it, Chinese, and an emoji outside the Basic Multilingual Plane. */
const NAME = 'Zoë 周杰 Ørsted 🎸';
const ISO_DATE = /\d{4}-\d{2}-\d{2}/;

let t: TestApp;
let admin: TestClient;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await makeUser(t.db, { roles: ['admin'] });
  adminId = adminUser.id;
  admin = await signedInClient(t, adminUser);
});
afterAll(() => t.close());

const pdfLines = async (bytes: Uint8Array | Buffer) => {
  const { text, totalPages } = await extractText(new Uint8Array(bytes), { mergePages: true });
  return { lines: text.split('\n').map((line) => line.trim()), totalPages };
};

async function reviewedSong(songwriterId: string) {
  const order = await makePaidOrder(t.db, songwriterId, 1);
  const [review] = await t.db
    .insert(songReviews)
    .values({
      songwriterId,
      orderId: order.id,
      songNumber: 1,
      songTitle: 'Gravel Road Goodbye',
      lyricsText: 'Dust on the dashboard',
      storyArc: 'A goodbye told through one last drive.',
      aiUsage: 'No AI was used.',
      status: 'reviewed',
      adminReview: 'Strong hook.',
      reviewedAt: new Date(),
    })
    .returning();
  return review!;
}

describe('the signed agreement', () => {
  test('names both parties, the governing law and the notices from the settings and the profile', async () => {
    await admin.put('/api/admin/settings', {
      companyLegalName: 'Pitchroom Music Group, LLC',
      companyAddress: '1200 Music Row\nNashville, TN 37212',
      contactEmail: 'legal@pitchroom.example',
      governingLaw: 'the State of Tennessee',
      commenterDisplay: 'anonymous',
    });
    const writer = await makeSongwriter(t.db, { firstName: 'Zoë 周杰', lastName: 'Ørsted 🎸' });
    const offered = await admin.post('/api/admin/pitch-agreements', { reviewId: (await reviewedSong(writer.id)).id });
    expect(offered.status, offered.text).toBe(201);
    const text: string = offered.body.text;
    expect(text).toContain('Pitchroom Music Group, LLC, 1200 Music Row, Nashville, TN 37212, legal@pitchroom.example ("we" or "us"); and');
    expect(text).toContain(`${NAME}, 1 Music Square W, Nashville, TN 37203, United States, ${writer.email} ("you"),`);
    expect(text).toContain('8. Governing law. This agreement is governed by the laws of the State of Tennessee.');
    expect(text).toContain(`to us at legal@pitchroom.example, and to you at ${writer.email}.`);
  });

  test('the PDF reads back the name as signed, whatever its script, and the day in words', async () => {
    const writer = await makeSongwriter(t.db);
    const writerClient = await signedInClient(t, writer);
    const { body: offered } = await admin.post('/api/admin/pitch-agreements', { reviewId: (await reviewedSong(writer.id)).id });
    const signed = await writerClient.post(`/api/pitch-agreements/${offered.id}/accept`, { legalName: NAME, consent: true });
    expect(signed.status, signed.text).toBe(200);
    const [row] = await t.db.select().from(pitchAgreements).where(eq(pitchAgreements.id, offered.id));
    expect(row!.signedName).toBe(NAME);

    const pdf = await writerClient.get(`/api/pitch-agreements/${offered.id}/pdf`);
    expect(pdf.status).toBe(200);
    const { lines } = await pdfLines(pdf.bytes);
    expect(lines.find((line) => line.startsWith('Name: '))).toBe(`Name: ${NAME}`);
    const date = lines.find((line) => line.startsWith('Date: '));
    expect(date).toBe(`Date: ${dayInWords(row!.answeredAt!)}`);
    expect(date).toMatch(/^Date: (January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}$/);
    expect(lines.join('\n')).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}/);

    // The copy e-mailed to the songwriter is the same document.
    const [attached] = (await latestMail(t, writer.email, 'pitch-agreement-signed')).attachments ?? [];
    const mailed = await pdfLines(Buffer.from(attached!.contentBase64, 'base64'));
    expect(mailed.lines.find((line) => line.startsWith('Name: '))).toBe(`Name: ${NAME}`);
  });

  test('the offer e-mail gives the day it closes in words', async () => {
    const writer = await makeSongwriter(t.db);
    const { body: offered } = await admin.post('/api/admin/pitch-agreements', { reviewId: (await reviewedSong(writer.id)).id });
    const mail = await latestMail(t, writer.email, 'pitch-offer');
    expect(mail.textBody).toContain(`The offer is open until ${dayInWords(new Date(offered.expiresAt))}.`);
    expect(mail.textBody).not.toMatch(ISO_DATE);
  });
});

describe('the lyric sheet', () => {
  test('reads back writers and lyrics in any script', async () => {
    const song = await makeSong(t.db, t.storage, adminId, {
      title: 'Ørsted 月亮',
      slug: 'orsted-moon',
      lyrics: 'Dust on the dashboard 月亮 🎸\nZoë sang it twice\n\n周杰 in the chorus',
      writers: [{ name: NAME, pro: 'BMI', share: 100 }],
      seconds: 1,
    });
    const res = await admin.get(`/api/songs/${song.slug}/lyric-sheet`);
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    const { lines, totalPages } = await pdfLines(res.bytes);
    expect(totalPages).toBe(1);
    expect(lines).toEqual(
      expect.arrayContaining([
        'Ørsted 月亮',
        `Written by ${NAME}, BMI (100%)`,
        'Dust on the dashboard 月亮 🎸',
        'Zoë sang it twice',
        '周杰 in the chorus',
      ]),
    );
  });
});
