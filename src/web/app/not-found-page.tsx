import { Link } from 'react-router';
import * as MESSAGES from '../../common/messages';
import { PAGE_PATHS } from '../../common/routes';
import { PageMeta } from '../components/page-meta';
import { Button } from '../components/ui/button';

/** Any unknown path. The server has already answered it with status 404 and logged it. */
export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <PageMeta title="Page not found" description="The page you are looking for does not exist." />
      <h1 className="text-7xl font-bold text-primary">{MESSAGES.notFound.code}</h1>
      <p className="mt-4 text-xl text-muted-foreground">{MESSAGES.notFound.text}</p>
      <Button asChild className="mt-8">
        <Link to={PAGE_PATHS.home}>{MESSAGES.notFound.home}</Link>
      </Button>
    </section>
  );
}
