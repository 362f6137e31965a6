import type { MeResponse } from '../../../common/responses';
import { CALLER_IN_PAGE_ID } from '../../../common/routes';

/**
 * The caller as a data element of the page (read by web/lib/auth.ts): not a script, so the page's CSP has
 * nothing to allow. `<` is escaped, so a name holding "</script>" cannot end the element early.
 */
export function callerElement(me: MeResponse): string {
  const json = JSON.stringify(me).replace(/</g, '\\u003c');
  return `<script id="${CALLER_IN_PAGE_ID}" type="application/json">${json}</script>`;
}

/** The page with the element just before </body>, where the app's deferred module finds it. */
export function withCallerElement(html: string, me: MeResponse): string {
  const end = html.lastIndexOf('</body>');
  if (end === -1) return html + callerElement(me);
  return html.slice(0, end) + callerElement(me) + html.slice(end);
}
