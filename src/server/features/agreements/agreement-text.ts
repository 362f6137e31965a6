import { createHash } from 'node:crypto';
import { PITCH_AGREEMENT } from '../../../common/constants';

/** A party as the agreement names it: a name, and where present an address and an e-mail. */
export interface AgreementParty {
  name: string | null;
  address: string | null;
  email: string;
}

export interface AgreementTerms {
  songTitle: string;
  /** The company, as the site settings name it. */
  company: AgreementParty & { name: string };
  /** The songwriter, as their profile names them; the account's e-mail always. */
  writer: AgreementParty;
  /** Whose laws govern the agreement, e.g. "the State of Tennessee". */
  governingLaw: string;
  commissionPercent: number;
  termMonths: number;
}

/** "Name, address, e-mail" on one line, without what is missing. */
const partyLine = (p: AgreementParty) =>
  [
    p.name,
    p.address
      ?.split(/\s*\n\s*/)
      .filter(Boolean)
      .join(', '),
    p.email,
  ]
    .filter((part) => part && part.trim())
    .join(', ');

/**
 * The agreement the songwriter reads and signs, rendered from the offer's terms, the company's details and
 * the songwriter's profile when the offer is made, and stored with it. Changing a word here means a new
 * PITCH_AGREEMENT.textVersion; offers already made keep the text they were made with.
 */
export function renderAgreementText(t: AgreementTerms): string {
  const writer = t.writer.name ? partyLine(t.writer) : `the songwriter holding the account ${partyLine(t.writer)}`;
  return [
    `PITCH AGREEMENT (version ${PITCH_AGREEMENT.textVersion})`,
    '',
    'This agreement is made between:',
    `${partyLine(t.company)} ("we" or "us"); and`,
    `${writer} ("you"),`,
    `for the song "${t.songTitle}" (the "Song").`,
    '',
    `1. Pitching. For ${t.termMonths} month${t.termMonths === 1 ? '' : 's'} from the day you sign, you allow us to pitch the Song to artists, producers, labels, publishers and music supervisors, and to place it in our private catalogue for industry listeners.`,
    '2. Your rights. You keep the copyright and every other right in the Song. This agreement is not exclusive: you may pitch the Song yourself or through others.',
    `3. Commission. If the Song is placed (recorded, released, or licensed) through our pitching during the term, we receive ${t.commissionPercent}% of the income you receive from that placement. Nothing is owed if the Song is not placed through us.`,
    "4. Your promise. You confirm that you wrote the Song, or have the right to agree to this on behalf of all its writers, and that it does not copy anyone else's work.",
    '5. Ending. Either side may end this agreement by written notice; a placement made before the end still earns its commission.',
    '6. Review fee. When you sign, the review fee you paid for the Song is credited back to your account and taken off the price of your next review package. A song whose review was paid with account credit earns no credit again.',
    `7. Notices. Notices under this agreement are given in writing: to us at ${t.company.email}, and to you at ${t.writer.email}.`,
    `8. Governing law. This agreement is governed by the laws of ${t.governingLaw}.`,
    '',
    'You sign by typing your full legal name and confirming that you agree.',
  ].join('\n');
}

/** The SHA-256 of the text as signed, in hex. */
export const textHash = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
