import { createHash } from 'node:crypto';
import { PITCH_AGREEMENT, PRICE_PER_SONG_CENTS } from '../../../common/constants';
import { formatCents } from '../../../common/money';

export interface AgreementTerms {
  siteName: string;
  songTitle: string;
  writerEmail: string;
  commissionPercent: number;
  termMonths: number;
  textVersion: string;
}

/**
 * The agreement the songwriter reads and signs, rendered from the offer's terms. Its wording is versioned
 * (PITCH_AGREEMENT.textVersion): changing a word here means a new version, so each signature keeps the
 * text it was given, and its hash proves which.
 */
export function renderAgreementText(t: AgreementTerms): string {
  if (t.textVersion !== PITCH_AGREEMENT.textVersion) throw new Error(`no wording for pitch agreement version ${t.textVersion}`);
  return [
    `PITCH AGREEMENT (version ${t.textVersion})`,
    '',
    `Between ${t.siteName} ("we") and the songwriter holding the account ${t.writerEmail} ("you"), for the song "${t.songTitle}" (the "Song").`,
    '',
    `1. Pitching. For ${t.termMonths} month${t.termMonths === 1 ? '' : 's'} from the day you sign, you allow us to pitch the Song to artists, producers, labels, publishers and music supervisors, and to place it in our private catalogue for industry listeners.`,
    '2. Your rights. You keep the copyright and every other right in the Song. This agreement is not exclusive: you may pitch the Song yourself or through others.',
    `3. Commission. If the Song is placed (recorded, released, or licensed) through our pitching during the term, we receive ${t.commissionPercent}% of the income you receive from that placement. Nothing is owed if the Song is not placed through us.`,
    `4. Review fee credit. The review fee you paid for the Song (${formatCents(PRICE_PER_SONG_CENTS)}) becomes credit on your account when you sign, applied to your next review package.`,
    "5. Your promise. You confirm that you wrote the Song, or have the right to agree to this on behalf of all its writers, and that it does not copy anyone else's work.",
    '6. Ending. Either side may end this agreement by written notice; a placement made before the end still earns its commission.',
    '',
    'You sign by typing your full legal name and confirming that you agree.',
  ].join('\n');
}

/** The SHA-256 of the text as signed, in hex. */
export const textHash = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
