import { isTheme } from '../../../common/constants';

/**
 * The page with the visitor's chosen theme on <html> (from the theme cookie), so the first paint is already
 * in it: no script runs before paint, and the page's CSP allows none inline. No choice, no attribute: the
 * stylesheet follows the system's setting.
 */
export function withThemeAttribute(html: string, chosen: string | undefined): string {
  if (!isTheme(chosen)) return html;
  return html.replace(/<html\b/, `<html data-theme="${chosen}"`);
}
