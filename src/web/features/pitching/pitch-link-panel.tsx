import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, X } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { toast } from '../../lib/toast';
import type { PitchLinkDetail } from '../../../common/responses';
import * as MESSAGES from '../../../common/messages';
import { pitchExpiryDate } from '../../../common/schemas/pitching';
import { QueryState } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Spinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { formatDay, formatSeconds } from './format-day';
import { PitchLinkStatusBadge } from './pitch-link-status-badge';
import { ADMIN_PITCH_LINKS_KEY, pitchLinkQuery, revokePitchLink, setPitchLinkDownloads } from './pitching-api';
import { Switch } from '../../components/ui/switch';
import { ResponseBadge } from './response-badge';
import { DataTable } from '../../components/data-table';
import { Badge } from '../../components/ui/badge';
import { ADMIN_QUEUE_COUNTS_KEY } from '../../lib/query-keys';

const m = MESSAGES.pitching;

/** One pitch link: its recipient, message and, song by song, the plays, furthest point and answer; Revoke. */
export function PitchLinkPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const link = useQuery(pitchLinkQuery(id));
  return (
    <section
      id="pitch-link-panel"
      aria-labelledby="pitch-link-title"
      className="rounded-xl border border-border bg-card p-4 shadow-sm sm:p-6"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id="pitch-link-title" className="min-w-0 break-words text-xl font-semibold">
          {link.data ? `Activity of ${link.data.recipientName}` : 'Pitch link'}
        </h2>
        <Button variant="ghost" size="icon" className="-mr-2 -mt-2 shrink-0" onClick={onClose}>
          <X aria-hidden="true" />
          <span className="sr-only">Close this pitch link</span>
        </Button>
      </div>
      <div className="mt-4">
        <QueryState query={link} pending={<Spinner label="Loading the pitch link" className="py-6" />} errorTitle={m.linkLoadFailed}>
          {(data) => <LinkDetail link={data} />}
        </QueryState>
      </div>
    </section>
  );
}

function LinkDetail({ link }: { link: PitchLinkDetail }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const revoke = useMutation({
    mutationFn: () => revokePitchLink(link.id),
    onSuccess: async () => {
      setConfirming(false);
      toast.success(m.revoked);
      await queryClient.invalidateQueries({ queryKey: ADMIN_PITCH_LINKS_KEY });
    },
    onError: (error) => toast.error(m.revokeFailed, { description: isApiError(error) ? error.message : undefined }),
  });
  const downloads = useMutation({
    mutationFn: (allowed: boolean) => setPitchLinkDownloads(link.id, allowed),
    onSuccess: async (_, allowed) => {
      toast.success(MESSAGES.downloads.permissionSaved(allowed));
      await queryClient.invalidateQueries({ queryKey: ADMIN_PITCH_LINKS_KEY });
    },
    onError: (error) => toast.error(MESSAGES.downloads.permissionFailed, { description: isApiError(error) ? error.message : undefined }),
  });
  const downloadAllowed = downloads.isPending ? downloads.variables : link.downloadAllowed;
  // Opening the link marked its replies read: the sidebar's count and the list's badge drop with it.
  const hadUnread = link.replies.some((r) => r.readAt === null);
  useEffect(() => {
    if (!hadUnread) return;
    void queryClient.invalidateQueries({ queryKey: ADMIN_QUEUE_COUNTS_KEY });
    void queryClient.invalidateQueries({ queryKey: ADMIN_PITCH_LINKS_KEY, exact: true });
  }, [hadUnread, queryClient]);

  return (
    <>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <Fact term="Recipient">{[link.recipientName, link.recipientCompany, link.recipientEmail].filter(Boolean).join(' · ')}</Fact>
        <Fact term="Status">
          <PitchLinkStatusBadge status={link.status} />
        </Fact>
        {link.kind === 'share' && (
          <Fact term="Shared by">
            {link.sharedBy ? [link.sharedBy.name, link.sharedBy.company].filter(Boolean).join(', ') : 'A deleted account'}
            {link.playlistName ? ` · playlist “${link.playlistName}”` : ''}
          </Fact>
        )}
        <Fact term="Sent">{formatDateTime(link.createdAt)}</Fact>
        <Fact term="Expires">{formatDay(pitchExpiryDate(link.expiresAt))}</Fact>
        <Fact term="Last opened">{link.lastOpenedAt ? formatDateTime(link.lastOpenedAt) : 'Not yet'}</Fact>
        {link.revokedAt && <Fact term="Revoked">{formatDateTime(link.revokedAt)}</Fact>}
        <Fact term={MESSAGES.downloads.permissionLabel}>
          <span className="flex items-center gap-2">
            <Switch
              checked={downloadAllowed}
              disabled={downloads.isPending}
              onCheckedChange={(allowed) => downloads.mutate(allowed)}
              aria-label={`Downloads for ${link.recipientName}`}
            />
            {downloadAllowed ? MESSAGES.downloads.downloadAllowedOption : MESSAGES.downloads.streamOnlyOption}
            {link.downloads > 0 && <span className="text-muted-foreground">· {link.downloads} downloaded</span>}
          </span>
        </Fact>
      </dl>
      {link.message && <p className="mt-4 whitespace-pre-wrap break-words rounded-md bg-muted p-3 text-sm">{link.message}</p>}

      <LinkSongsTable link={link} />

      <Replies link={link} />

      {link.status === 'active' && (
        <div className="mt-6 flex justify-end">
          <Button variant="destructive" onClick={() => setConfirming(true)}>
            <Ban aria-hidden="true" />
            Revoke link
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={m.revokeConfirmTitle}
        description={m.revokeConfirm(link.recipientName)}
        confirmLabel="Revoke"
        pending={revoke.isPending}
        onConfirm={() => revoke.mutate()}
        onOpenChange={setConfirming}
      />
    </>
  );
}

/** Song by song, what the link's recipient did: plays, listening time, furthest point against the length, answer. */
export function LinkSongsTable({ link }: { link: PitchLinkDetail }) {
  const what = link.kind === 'share' ? 'this share' : 'this pitch link';
  return (
    <DataTable
      label={`Songs of ${what}`}
      caption={`Songs of ${what} in order, with what ${link.recipientName} did with each`}
      variant="panel"
      className="mt-6"
      tableClassName="min-w-[640px]"
      columns={['Song', { label: 'Plays', numeric: true }, { label: 'Listened', numeric: true }, 'Furthest point', 'Answer', 'Note']}
    >
      {link.songs.map((song) => (
        <tr key={song.songId} className="border-b border-border last:border-0">
          <th scope="row" className="py-2 pr-4 font-medium">
            {song.title}
          </th>
          <td className="py-2 pr-4 text-right tabular-nums">{song.plays}</td>
          <td className="py-2 pr-4 text-right tabular-nums">{formatSeconds(song.listenedSeconds)}</td>
          <td className="py-2 pr-4 tabular-nums">
            {song.plays === 0 ? (
              <span className="text-muted-foreground">—</span>
            ) : (
              <>
                {formatSeconds(song.furthestSeconds)}
                {song.songSeconds ? ` of ${formatSeconds(song.songSeconds)}` : ''}
                {song.completed && ' (to the end)'}
              </>
            )}
          </td>
          <td className="py-2 pr-4">
            <ResponseBadge response={song.response} />
          </td>
          <td className="break-words py-2">{song.note ?? ''}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** What the recipient wrote back from the link's page, oldest first; those new to the admins marked New. */
export function Replies({ link }: { link: PitchLinkDetail }) {
  return (
    <section aria-labelledby="pitch-link-replies-title" className="mt-6">
      <h3 id="pitch-link-replies-title" className="text-lg font-semibold">
        Replies ({link.replies.length})
      </h3>
      {link.replies.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{m.repliesEmpty}</p>
      ) : (
        <ol className="mt-2 grid gap-3">
          {link.replies.map((reply) => (
            <li key={reply.id} className="rounded-md border border-border bg-muted p-3 text-sm">
              <p className="flex flex-wrap items-center gap-2 text-muted-foreground">
                <time dateTime={reply.createdAt}>{formatDateTime(reply.createdAt)}</time>
                {reply.readAt === null && <Badge variant="warning">New</Badge>}
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words">{reply.message}</p>
            </li>
          ))}
        </ol>
      )}
      <p className="mt-2 text-sm">
        <a href={`mailto:${link.recipientEmail}`} className="link">
          Write to {link.recipientName}
        </a>
      </p>
    </section>
  );
}

export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="text-muted-foreground">{term}:</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}
