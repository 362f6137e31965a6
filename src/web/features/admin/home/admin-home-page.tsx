import { ArrowRight, Inbox, MessageSquare, Music, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PAGE_PATHS } from '../../../../common/routes';
import { PageMeta } from '../../../components/page-meta';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useMe } from '../../../lib/auth';

const AREAS: ReadonlyArray<{ to: string; title: string; description: string; icon: LucideIcon }> = [
  { to: PAGE_PATHS.adminSongs, title: 'Songs', description: 'Add, edit, reorder and publish the songs preview users can hear.', icon: Music },
  { to: PAGE_PATHS.adminComments, title: 'Comments', description: 'Approve or delete the comments left on songs.', icon: MessageSquare },
  {
    to: PAGE_PATHS.adminOutbox,
    title: 'Outbox',
    description: 'Every e-mail the site has sent or is about to send, with its delivery status.',
    icon: Inbox,
  },
];

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
        {AREAS.map(({ to, title, description, icon: Icon }) => (
          <li key={to}>
            <Link to={to} className="group block h-full rounded-xl">
              <Card className="h-full transition-colors group-hover:border-primary">
                <CardHeader>
                  <Icon aria-hidden="true" className="size-7 text-primary" />
                  <CardTitle className="flex items-center gap-2">
                    {title}
                    <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-1" />
                  </CardTitle>
                  <CardDescription>{description}</CardDescription>
                </CardHeader>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
