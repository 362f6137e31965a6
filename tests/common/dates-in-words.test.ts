import { expect, test } from 'vitest';
import { dayInWords } from '../../src/common/days';
import { pitchLinkEmail } from '../../src/server/emails/pitch-link';
import { pitchOfferEmail } from '../../src/server/emails/pitch-offer';
import { pitchReportDigestEmail } from '../../src/server/emails/pitch-report-digest';
import { rewriteReceivedEmail } from '../../src/server/emails/rewrite-received';

const ctx = { siteName: 'Pitchroom', publicUrl: 'https://pitchroom.example' };

test('a day reads as in Nashville, in US English words', () => {
  expect(dayInWords('2026-11-28')).toBe('November 28, 2026');
  expect(dayInWords('2027-01-05')).toBe('January 5, 2027');
  // An instant is the day it falls on in Nashville: 03:00 UTC is still the evening before there.
  expect(dayInWords(new Date('2026-11-29T03:00:00Z'))).toBe('November 28, 2026');
  expect(dayInWords(new Date('2026-11-28T13:48:19.582Z'))).toBe('November 28, 2026');
  expect(dayInWords(new Date('2026-11-29T03:00:00Z'), 'UTC')).toBe('November 29, 2026');
});

test('every e-mail that gives a date gives it in words', () => {
  const offer = pitchOfferEmail(ctx, {
    songTitle: 'Gravel Road',
    reviewId: 'r1',
    commissionPercent: 10,
    termMonths: 12,
    expiresAt: new Date('2026-12-28T13:48:19.582Z'),
  });
  expect(offer.text).toContain('The offer is open until December 28, 2026.');
  const link = pitchLinkEmail(ctx, { recipientName: 'Rae', message: null, songCount: 2, expiresOn: '2027-01-05', url: 'https://x' });
  expect(link.text).toContain('works until January 5, 2027.');
  const rewrite = rewriteReceivedEmail(ctx, {
    songTitle: 'Gravel Road',
    songwriterName: 'Rita',
    note: 'New bridge',
    dueOn: '2026-12-11',
    reviewId: 'r1',
  });
  expect(rewrite.text).toContain('is due on December 11, 2026.');
  const digest = pitchReportDigestEmail(ctx, { name: 'Rita', weekFrom: '2026-11-16', weekTo: '2026-11-22', songs: [], url: 'https://x' });
  expect(digest.subject).toBe('Your pitch report for the week of November 16, 2026');
  expect(digest.text).toContain('from November 16, 2026 to November 22, 2026.');
  for (const mail of [offer, link, rewrite, digest]) {
    expect(mail.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(mail.html).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  }
});
