import { DEFAULT_SITE_NAME } from '../../common/constants';

/**
 * The page's <title> and description. React 19 hoists these into <head> and removes them when the page
 * unmounts, so each route owns its own. No title means the home page: just the site name.
 */
export function PageMeta({ title, description }: { title?: string; description: string }) {
  return (
    <>
      <title>{title ? `${title} | ${DEFAULT_SITE_NAME}` : `${DEFAULT_SITE_NAME} | Nashville song pitching and song reviews`}</title>
      <meta name="description" content={description} />
    </>
  );
}
