import { useLayoutEffect } from 'react';
import { SITE_NAME } from '../lib/site-name';

interface PageMetaProps {
  /** No title means the home page: just the site name. */
  title?: string;
  description: string;
  /** Pages for one recipient (pitch links) stay out of search engines. */
  noIndex?: boolean;
}

const fullTitle = (title?: string) =>
  title ? `${title} | ${SITE_NAME}` : `${SITE_NAME} | Nashville song pitching and song reviews`;

/** The <meta> named `name` in <head>, made if the page has none yet. */
function headMeta(name: string): HTMLMetaElement {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = name;
    document.head.append(meta);
  }
  return meta;
}

/**
 * The page's <title> and description, so each route owns its own. Preact (decision 0017) does not hoist
 * <title> into <head> as React 19 does, so in the browser they are written there directly. At build time
 * (src/web/prerender.tsx, no document) they are rendered as tags, which the prerender moves into <head>.
 */
export function PageMeta({ title, description, noIndex = false }: PageMetaProps) {
  useLayoutEffect(() => {
    document.title = fullTitle(title);
    headMeta('description').content = description;
    if (!noIndex) return;
    const robots = headMeta('robots');
    robots.content = 'noindex, nofollow';
    return () => robots.remove();
  }, [title, description, noIndex]);

  if (typeof document !== 'undefined') return null;
  return (
    <>
      <title>{fullTitle(title)}</title>
      <meta name="description" content={description} />
    </>
  );
}
