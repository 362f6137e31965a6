import { useCallback, useSyncExternalStore } from 'react';
import { THEME_COOKIE, type Theme } from '../../../common/constants';

const systemDark = () => window.matchMedia('(prefers-color-scheme: dark)');

/** The theme the page shows: the visitor's choice on <html> (written by the server from the cookie), else the system's. */
function shownTheme(): Theme {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === 'light' || chosen === 'dark') return chosen;
  return systemDark().matches ? 'dark' : 'light';
}

function subscribe(onChange: () => void): () => void {
  const attributes = new MutationObserver(onChange);
  attributes.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  const media = systemDark();
  media.addEventListener('change', onChange);
  return () => {
    attributes.disconnect();
    media.removeEventListener('change', onChange);
  };
}

/** The shown theme, and a way to choose one: it applies at once and is remembered for a year (a cookie, so the server paints it first). */
export function useTheme(): { theme: Theme | undefined; choose: (theme: Theme) => void } {
  // The prerendered page cannot know the theme: undefined until the browser has said.
  const theme = useSyncExternalStore(subscribe, shownTheme, () => undefined);
  const choose = useCallback((next: Theme) => {
    document.documentElement.dataset.theme = next;
    document.cookie = `${THEME_COOKIE}=${next}; Path=/; Max-Age=${60 * 60 * 24 * 365}; SameSite=Lax`;
  }, []);
  return { theme, choose };
}
