import { Heart } from 'lucide-react';
import { Link } from 'react-router';
import { PAGE_PATHS } from '../../../common/routes';
import { PageMeta } from '../../components/page-meta';
import { Button } from '../../components/ui/button';
import { SITE_NAME } from '../../lib/site-name';

export function ThanksPage() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <PageMeta title="Thank you" description={`Thank you from the ${SITE_NAME} team in Nashville.`} />
      <Heart aria-hidden="true" className="size-12 text-primary" />
      <h1 className="mt-6 text-4xl font-bold">Thank you!</h1>
      <p className="mt-4 text-lg leading-8 text-muted-foreground">
        We appreciate you trusting us with your music. Someone on our team will be in touch by email soon; in the meantime, keep writing.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button asChild>
          <Link to={PAGE_PATHS.home}>Back to Home</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={PAGE_PATHS.faqs}>Read the FAQs</Link>
        </Button>
      </div>
    </section>
  );
}
