import { ArrowRight, Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { PAGE_PATHS } from '../../../../common/routes';
import { PageMeta } from '../../../components/page-meta';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useMe } from '../../../lib/auth';

/** /admin and /admin/dashboard. The stat cards come with the admin statistics API. */
export function AdminHomePage() {
  const { data: me } = useMe();
  const name = me?.user?.name;
  return (
    <div className="max-w-4xl">
      <PageMeta title="Admin Dashboard" description="Pitchroom administration." />
      <h1 className="text-3xl font-bold">Welcome back{name ? `, ${name}` : ''}</h1>
      <p className="mt-2 text-muted-foreground">Run Pitchroom from here: pick an area from the menu.</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2">
        <li>
          <Link to={PAGE_PATHS.adminOutbox} className="group block rounded-xl">
            <Card className="h-full transition-colors group-hover:border-primary">
              <CardHeader>
                <Inbox aria-hidden="true" className="size-7 text-primary" />
                <CardTitle className="flex items-center gap-2">
                  Outbox
                  <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-1" />
                </CardTitle>
                <CardDescription>Every e-mail the site has sent or is about to send, with its delivery status.</CardDescription>
              </CardHeader>
            </Card>
          </Link>
        </li>
      </ul>
    </div>
  );
}
