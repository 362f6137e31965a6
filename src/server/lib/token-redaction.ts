import { PAGE_PATHS } from '../../common/routes';
import { AUTH_BASE_PATH } from './app-routes';
/**
 * Links that carry a credential: whoever holds one acts as its owner (a password reset, a pitch recipient, a
 * file link, a claim of orders). Logs and the admin Outbox show them with the token replaced by `:token`.
 */
const TOKEN_PATH_PREFIXES = [`${AUTH_BASE_PATH}/reset-password/`, '/api/pitch/', '/api/files/', PAGE_PATHS.pitch.replace(':token', '')];
const TOKEN_PARAMS = ['token', 'claim_token'];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const pathPrefixes = TOKEN_PATH_PREFIXES.map(escape).join('|');
const tokenParams = new RegExp(`([?&](?:${TOKEN_PARAMS.map(escape).join('|')})=)[^&#\\s]*`, 'g');
const leadingTokenPath = new RegExp(`^(${pathPrefixes})[^/?#]+`);
/** In text, a token path only counts as one when it follows a site's address. */
const linkTokenPath = new RegExp(`(https?://[^/\\s]+(?:${pathPrefixes}))[^/?#\\s]+`, 'g');

/** A request's path (and query, if any) as the request log shows it. */
export function loggedPath(path: string): string {
  return path.replace(leadingTokenPath, '$1:token').replace(tokenParams, '$1:token');
}

/** Text (an e-mail's body) with the token of every credential-bearing link replaced by `:token`. */
export function withoutLinkTokens(text: string): string {
  return text.replace(linkTokenPath, '$1:token').replace(tokenParams, '$1:token');
}
