import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Ban, Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import * as MESSAGES from '../../../common/messages';
import type { PitchLinkDetail, PitchLinkListItem } from '../../../common/responses';
import { PAGE_PATHS, pathTo } from '../../../common/routes';
import { pitchExpiryDate } from '../../../common/schemas/pitching';
import { DataTable } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { PageMeta } from '../../components/page-meta';
import { QueryState } from '../../components/query-state';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { PageSpinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { formatDay } from './format-day';
import { Fact, LinkSongsTable, Replies } from './pitch-link-panel';
import { PitchLinkStatusBadge } from './pitch-link-status-badge';
import { MY_SHARES_KEY, myShareQuery, mySharesQuery, revokeShare } from './pitching-api';

const m = MESSAGES.pitching;

const whatOf = (link: PitchLinkListItem) =>
  link.playlistName ? `Playlist “${link.playlistName}”` : link.songCount === 1 ? '1 song' : `${link.songCount} songs`;

/** /shares: the caller's own shares, newest first, each recipient apart with their activity. */
export function SharesPage() {
  const shares = useQuery(mySharesQuery);
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-12">
      <PageMeta title="My shares" description="The songs you shared, and what each person did with them." />
      <h1 className="text-4xl font-bold">My shares</h1>
      <p className="mt-2 text-muted-foreground">
        Each person you shared with has a link of their own: here is what they opened, played, held and downloaded, and what they wrote
        back.
      </p>
      <div className="mt-8">
        <QueryState
          query={shares}
          pending={<PageSpinner label="Loading your shares…" />}
          errorTitle={m.sharesLoadFailed}
          isEmpty={(data) => data.length === 0}
          empty={
            <EmptyState icon={Share2} message={m.sharesEmpty}>
              <Link to={PAGE_PATHS.playlists} className="link">
                Your playlists
              </Link>
            </EmptyState>
          }
        >
          {(data) => <SharesTable shares={data} />}
        </QueryState>
      </div>
    </div>
  );
}

function SharesTable({ shares }: { shares: PitchLinkListItem[] }) {
  return (
    <DataTable
      label="Your shares, newest first"
      caption="Your shares, newest first. Choose a person to see what they did with each song."
      tableClassName="min-w-[760px]"
      columns={[
        'Shared with',
        'What',
        'Status',
        'Last opened',
        { label: 'Plays', numeric: true },
        { label: 'Holds', numeric: true },
        { label: 'Downloads', numeric: true },
        'Expires',
      ]}
    >
      {shares.map((link) => (
        <tr key={link.id} className="border-b border-border last:border-0">
          <th scope="row" className="px-4 py-3 font-normal">
            <Link to={pathTo(PAGE_PATHS.share, { id: link.id })} className="link font-medium">
              {link.recipientName}
            </Link>
            <span className="block break-all text-muted-foreground">
              {[link.recipientCompany, link.recipientEmail].filter(Boolean).join(' · ')}
            </span>
            {link.unreadReplies > 0 && (
              <Badge variant="warning" className="mt-1">
                {link.unreadReplies === 1 ? '1 new reply' : `${link.unreadReplies} new replies`}
              </Badge>
            )}
          </th>
          <td className="px-4 py-3">{whatOf(link)}</td>
          <td className="px-4 py-3">
            <PitchLinkStatusBadge status={link.status} />
          </td>
          <td className="whitespace-nowrap px-4 py-3">
            {link.lastOpenedAt ? (
              <time dateTime={link.lastOpenedAt}>{formatDateTime(link.lastOpenedAt)}</time>
            ) : (
              <span className="text-muted-foreground">Not yet</span>
            )}
          </td>
          <td className="px-4 py-3 text-right tabular-nums">{link.plays}</td>
          <td className="px-4 py-3 text-right tabular-nums">{link.holds}</td>
          <td className="px-4 py-3 text-right tabular-nums">{link.downloads}</td>
          <td className="whitespace-nowrap px-4 py-3">
            <time dateTime={link.expiresAt}>{formatDay(pitchExpiryDate(link.expiresAt))}</time>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** /shares/:id: one share, its recipient's activity song by song and their replies; Stop sharing. */
export function SharePage() {
  const { id = '' } = useParams();
  const share = useQuery(myShareQuery(id));
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-12">
      <Link to={PAGE_PATHS.shares} className="link inline-flex items-center gap-1 text-sm">
        <ArrowLeft aria-hidden="true" className="size-4" />
        All shares
      </Link>
      <PageMeta
        title={share.data ? `Shared with ${share.data.recipientName}` : 'Share'}
        description="What one person did with the songs you shared."
      />
      <div className="mt-4">
        <QueryState
          query={share}
          pending={<PageSpinner label="Loading the share…" />}
          errorTitle={isApiError(share.error) && share.error.status === 404 ? m.shareNotFound : m.shareLoadFailed}
        >
          {(data) => <ShareDetail share={data} />}
        </QueryState>
      </div>
    </div>
  );
}

function ShareDetail({ share }: { share: PitchLinkDetail }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const revoke = useMutation({
    mutationFn: () => revokeShare(share.id),
    onSuccess: async () => {
      setConfirming(false);
      toast.success(m.shareRevoked);
      await queryClient.invalidateQueries({ queryKey: MY_SHARES_KEY });
    },
    onError: (error) => toast.error(m.revokeFailed, { description: isApiError(error) ? error.message : undefined }),
  });
  // Opening the share marked its replies read: the list's badge drops with it.
  const hadUnread = share.replies.some((r) => r.readAt === null);
  useEffect(() => {
    if (hadUnread) void queryClient.invalidateQueries({ queryKey: MY_SHARES_KEY, exact: true });
  }, [hadUnread, queryClient]);
  return (
    <>
      <h1 className="break-words text-4xl font-bold">Shared with {share.recipientName}</h1>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <Fact term="Recipient">{[share.recipientName, share.recipientCompany, share.recipientEmail].filter(Boolean).join(' · ')}</Fact>
        <Fact term="What">{whatOf(share)}</Fact>
        <Fact term="Status">
          <PitchLinkStatusBadge status={share.status} />
        </Fact>
        <Fact term="Shared">{formatDateTime(share.createdAt)}</Fact>
        <Fact term="Expires">{formatDay(pitchExpiryDate(share.expiresAt))}</Fact>
        <Fact term="Last opened">{share.lastOpenedAt ? formatDateTime(share.lastOpenedAt) : 'Not yet'}</Fact>
        <Fact term={MESSAGES.downloads.permissionLabel}>
          {share.downloadAllowed ? MESSAGES.downloads.downloadAllowedOption : MESSAGES.downloads.streamOnlyOption}
          {share.downloads > 0 && ` · ${share.downloads} downloaded`}
        </Fact>
        <Fact term="Password">{share.passwordProtected ? 'Yes' : 'No'}</Fact>
        {share.revokedAt && <Fact term="Stopped">{formatDateTime(share.revokedAt)}</Fact>}
      </dl>
      {share.message && <p className="mt-4 whitespace-pre-wrap break-words rounded-md bg-muted p-3 text-sm">{share.message}</p>}
      <LinkSongsTable link={share} />
      <Replies link={share} />
      {share.status === 'active' && (
        <div className="mt-6 flex justify-end">
          <Button variant="destructive" onClick={() => setConfirming(true)}>
            <Ban aria-hidden="true" />
            Stop sharing
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={m.shareRevokeTitle}
        description={m.shareRevokeConfirm(share.recipientName)}
        confirmLabel="Stop sharing"
        pending={revoke.isPending}
        onConfirm={() => revoke.mutate()}
        onOpenChange={setConfirming}
      />
    </>
  );
}
