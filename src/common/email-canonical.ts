/**
 * The mailbox an e-mail address reaches, for refusing and de-duplicating: case and surrounding whitespace
 * folded, a "+tag" dropped from the local part, and for Gmail (gmail.com, googlemail.com) the dots too,
 * with both domains as gmail.com. Used only to refuse (the block list, a duplicate open request), never to
 * grant: outside Gmail a "+tag" is the mail provider's convention, not a rule, so two addresses with one
 * canonical form are not proven to be one person's.
 */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

export function canonicalEmail(email: string): string {
  const folded = email.trim().toLowerCase();
  const at = folded.lastIndexOf('@');
  if (at <= 0) return folded;
  let local = folded.slice(0, at);
  let domain = folded.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}
