import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** How far each history entry was scrolled, by location key, kept as the user scrolls. */
const scrollByEntry = new Map<string, number>();

/**
 * A new page starts at the top (or at its #anchor); Back and Forward return to where that entry was left.
 * (React Router's own ScrollRestoration needs its data router, which this app does not use: decision 0070.)
 */
export function ScrollRestoration() {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();

  useLayoutEffect(() => {
    const saved = scrollByEntry.get(key);
    if (navigationType === 'POP') {
      // The first load is a POP too: the browser restores a reloaded page itself.
      if (saved !== undefined) window.scrollTo(0, saved);
    } else if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    } else {
      window.scrollTo(0, 0);
    }
  }, [key, hash, navigationType]);

  useEffect(() => {
    const remember = () => scrollByEntry.set(key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [key]);

  return null;
}
