import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PITCH_FEE_TEXT, PRICE_PER_SONG_CENTS, REVIEW_TURNAROUND, packagePriceCents } from '../../../common/constants';
import { PAGE_PATHS } from '../../../common/routes';
import { formatCents } from '../../../common/money';
import { SITE_NAME } from '../../lib/site-name';

const perSong = formatCents(PRICE_PER_SONG_CENTS);

/** The FAQ page's questions: songwriters' first, then industry professionals'. Exactly eleven. */
export const FAQ_ITEMS: ReadonlyArray<{ id: string; question: string; answer: ReactNode }> = [
  {
    id: 'what-is-pitchroom',
    question: `What does ${SITE_NAME} do?`,
    answer:
      'We are a Nashville song-pitching company. Songwriters send us songs for a professional review, and we pitch the songs that are ready to publishers, labels, producers, artists and music supervisors.',
  },
  {
    id: 'review-cost',
    question: 'How much does a song review cost?',
    answer: `${perSong} per song. You can send one to four songs at a time, so a package costs between ${formatCents(packagePriceCents(1))} and ${formatCents(packagePriceCents(4))}.`,
  },
  {
    id: 'refunds',
    question: 'Can I get my review fee back?',
    answer:
      'If we sign a pitch agreement for your song, the review fee is credited back to you. Once a review has begun the fee is non-refundable, because a professional has already spent time with your song.',
  },
  {
    id: 'turnaround',
    question: 'How long does a review take?',
    answer: `${REVIEW_TURNAROUND} You will get an email as soon as your review is ready.`,
  },
  {
    id: 'review-contents',
    question: 'What will my review cover?',
    answer:
      'A written, song-specific review of the hook, lyric, melody, structure and demo, with clear notes on what to keep and what to change. You can reply with questions right in your dashboard; it is a two-way conversation, not a form letter.',
  },
  {
    id: 'what-to-send',
    question: 'What do I need to send with my song?',
    answer:
      'An audio file (MP3, WAV or M4A), the lyrics (typed in, or as a TXT, PDF, DOC, DOCX or Pages file), a few sentences about the story behind the song and whether AI was used in writing or producing it. A simple guitar-vocal or piano-vocal work tape is fine.',
  },
  {
    id: 'pitch-fee',
    question: 'What does it cost to have my song pitched?',
    answer: `The pitching fee is ${PITCH_FEE_TEXT.charAt(0).toLowerCase()}${PITCH_FEE_TEXT.slice(1)} We only pitch songs we believe in, and the terms are agreed in writing before anything goes out.`,
  },
  {
    id: 'rights',
    question: 'Do I keep the rights to my songs?',
    answer:
      'Yes. Sending us a song for review transfers no rights at all. If we pitch a song for you, what we do and what we earn is spelled out in the pitch agreement you sign first.',
  },
  {
    id: 'preview-access',
    question: 'I work in the music industry. How do I hear your songs?',
    answer: (
      <>
        <Link to={PAGE_PATHS.previewRequest} className="link">
          Request preview access
        </Link>
        : tell us who you are and what you are looking for, create a password and confirm your email address. Once we approve your request
        you can stream every song in the catalogue and read the lyrics.
      </>
    ),
  },
  {
    id: 'preview-approval',
    question: 'Who gets preview access, and how is it approved?',
    answer:
      'Access is for working publishers, labels, producers, artist managers and music supervisors. A member of our team reviews every request by hand and emails you as soon as it is approved. You can check where your request stands after signing in.',
  },
  {
    id: 'preview-feedback',
    question: 'Can I give feedback on a song or put one on hold?',
    answer: (
      <>
        Yes. Every song page has a comment form that goes straight to our team; approved comments appear on the song. You can also put a
        song on hold, with a note on the artist or project, or pass on it: our team sees it at once, and your holds are listed under My
        holds. For cuts and anything time-sensitive,{' '}
        <Link to={PAGE_PATHS.contact} className="link">
          contact us
        </Link>{' '}
        directly.
      </>
    ),
  },
];
