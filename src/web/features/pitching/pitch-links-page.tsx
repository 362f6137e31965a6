import { useQuery } from '@tanstack/react-query';
import { Link2, Plus } from 'lucide-react';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { PitchLinkListItem } from '../../../common/responses';
import * as MESSAGES from '../../../common/messages';
import { PAGE_PATHS } from '../../../common/routes';
import { EmptyState } from '../../components/empty-state';
import { QueryState } from '../../components/query-state';
import { PageMeta } from '../../components/page-meta';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { pitchExpiryDate } from '../../../common/schemas/pitching';
import { formatDay } from './format-day';
import { CreatedLinkNotice, type CreatedLinkState } from './created-link-notice';
import { PitchLinkPanel } from './pitch-link-panel';
import { PitchLinkStatusBadge } from './pitch-link-status-badge';
import { pitchLinksQuery } from './pitching-api';
import { DataTable, RowSelectButton } from '../../components/data-table';

/** /admin/pitch-links: every link with its status and activity; ?link= opens one link's songs and answers. */
export function PitchLinksPage() {
  const links = useQuery(pitchLinksQuery);
  const [params, setParams] = useSearchParams();
  const created = (useLocation().state as CreatedLinkState | null)?.created;
  const selectedId = params.get('link');

  const select = (id: string | null) => {
    const p = new URLSearchParams(params);
    if (id) p.set('link', id);
    else p.delete('link');
    setParams(p, { replace: true, preventScrollReset: true });
  };

  return (
    <div>
      <PageMeta title="Pitch Links" description="Shortlists sent to named recipients, with what each recipient played, held and passed." />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Pitch Links</h1>
          <p className="mt-1 text-muted-foreground">
            Shortlists sent to one recipient each, who listens without an account; buyers’ own shares are listed too.
          </p>
        </div>
        <Button asChild>
          <Link to={PAGE_PATHS.adminPitchLinkNew}>
            <Plus aria-hidden="true" />
            New pitch link
          </Link>
        </Button>
      </div>

      {created && <CreatedLinkNotice created={created} className="mt-6" />}

      <div className="mt-6">
        <QueryState
          query={links}
          pending={<PageSpinner label="Loading pitch links…" />}
          errorTitle={MESSAGES.pitching.linksLoadFailed}
          isEmpty={(data) => data.length === 0}
          empty={<EmptyState icon={Link2} message={MESSAGES.pitching.linksEmpty} />}
        >
          {(data) => <LinksTable links={data} selectedId={selectedId} onSelect={(id) => select(id === selectedId ? null : id)} />}
        </QueryState>
      </div>

      {selectedId && (
        <div className="mt-8">
          <PitchLinkPanel key={selectedId} id={selectedId} onClose={() => select(null)} />
        </div>
      )}
    </div>
  );
}

function LinksTable({
  links,
  selectedId,
  onSelect,
}: {
  links: PitchLinkListItem[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  return (
    <DataTable
      label="Pitch links, newest first"
      caption="Pitch links, newest first. Choose a recipient to see what they did with each song."
      tableClassName="min-w-[760px]"
      columns={[
        'Recipient',
        'Status',
        { label: 'Songs', numeric: true },
        { label: 'Plays', numeric: true },
        { label: 'Holds', numeric: true },
        { label: 'Passes', numeric: true },
        'Last opened',
        'Expires',
      ]}
    >
      {links.map((link) => {
        const selected = link.id === selectedId;
        return (
          <tr key={link.id} className={cn('border-b border-border last:border-0', selected && 'bg-secondary')}>
            <th scope="row" className="px-4 py-3 font-normal">
              <RowSelectButton selected={selected} controls="pitch-link-panel" onSelect={() => onSelect(link.id)}>
                {link.recipientName}
              </RowSelectButton>
              <span className="block break-all text-muted-foreground">
                {[link.recipientCompany, link.recipientEmail].filter(Boolean).join(' · ')}
              </span>
              {link.kind === 'share' && (
                <span className="block text-muted-foreground">
                  Shared by {link.sharedBy ? [link.sharedBy.name, link.sharedBy.company].filter(Boolean).join(', ') : 'a deleted account'}
                </span>
              )}
              {/* A share's replies are its buyer's to read, not the staff's queue. */}
              {link.kind === 'pitch' && link.unreadReplies > 0 && (
                <Badge variant="warning" className="mt-1">
                  {link.unreadReplies === 1 ? '1 new reply' : `${link.unreadReplies} new replies`}
                </Badge>
              )}
            </th>
            <td className="px-4 py-3">
              <PitchLinkStatusBadge status={link.status} />
            </td>
            <td className="px-4 py-3 text-right tabular-nums">{link.songCount}</td>
            <td className="px-4 py-3 text-right tabular-nums">{link.plays}</td>
            <td className="px-4 py-3 text-right tabular-nums">{link.holds}</td>
            <td className="px-4 py-3 text-right tabular-nums">{link.passes}</td>
            <td className="whitespace-nowrap px-4 py-3">
              {link.lastOpenedAt ? (
                <time dateTime={link.lastOpenedAt}>{formatDateTime(link.lastOpenedAt)}</time>
              ) : (
                <span className="text-muted-foreground">Not yet</span>
              )}
            </td>
            <td className="whitespace-nowrap px-4 py-3">
              <time dateTime={link.expiresAt}>{formatDay(pitchExpiryDate(link.expiresAt))}</time>
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
