import { SITE_NAME } from '../lib/site-name';

interface PageMetaProps {
  /** No title means the home page: just the site name. */
  title?: string;
  description: string;
  /** Pages for one recipient (pitch links) stay out of search engines. */
  noIndex?: boolean;
}

const fullTitle = (title?: string) => (title ? `${title} | ${SITE_NAME}` : `${SITE_NAME} | Nashville song pitching and song reviews`);

/**
 * The page's <title> and description, so each route owns its own. React hoists them into <head>, in the
 * browser and in the build-time prerender alike, and takes them out again when the page goes.
 */
export function PageMeta({ title, description, noIndex = false }: PageMetaProps) {
  return (
    <>
      <title>{fullTitle(title)}</title>
      <meta name="description" content={description} />
      {noIndex && <meta name="robots" content="noindex, nofollow" />}
    </>
  );
}
