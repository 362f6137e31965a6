import { useLocation } from 'react-router';
import { isSitemapPath, SHARE_IMAGE, shareImagePath } from '../../common/routes';
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
 * The public pages (the sitemap's) also carry Open Graph and Twitter card tags with their share image; their
 * addresses are made absolute by the server (web-app.ts), which knows the site's public address.
 */
export function PageMeta({ title, description, noIndex = false }: PageMetaProps) {
  const { pathname } = useLocation();
  return (
    <>
      <title>{fullTitle(title)}</title>
      <meta name="description" content={description} />
      {noIndex && <meta name="robots" content="noindex, nofollow" />}
      {isSitemapPath(pathname) && <ShareTags title={title ?? SITE_NAME} description={description} pathname={pathname} />}
    </>
  );
}

function ShareTags({
  title,
  description,
  pathname,
}: {
  title: string;
  description: string;
  pathname: Parameters<typeof shareImagePath>[0];
}) {
  const image = shareImagePath(pathname);
  const imageAlt = `${title}: ${SITE_NAME}, Nashville song pitching and song reviews`;
  return (
    <>
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={pathname} />
      <meta property="og:image" content={image} />
      <meta property="og:image:width" content={String(SHARE_IMAGE.width)} />
      <meta property="og:image:height" content={String(SHARE_IMAGE.height)} />
      <meta property="og:image:alt" content={imageAlt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
      <meta name="twitter:image:alt" content={imageAlt} />
    </>
  );
}
