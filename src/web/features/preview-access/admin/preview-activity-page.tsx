import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, ListMusic, Users } from 'lucide-react';
import { toast } from '../../../lib/toast';
import { Switch } from '../../../components/ui/switch';
import { useSearchParams } from 'react-router';
import * as MESSAGES from '../../../../common/messages';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { PageMeta } from '../../../components/page-meta';
import { PageSpinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import {
  invalidatePreviewAdmin,
  previewActivityQuery,
  setPreviewDownloads,
  type PreviewUserActivity,
  type SongListening,
} from './admin-preview-api';
import { activeThisWeek, formatLastActive } from './activity-format';
import { SongDepthPanel } from './song-depth-panel';
import { UserPlaysPanel } from './user-plays-panel';
import { UserDownloadsPanel } from './user-downloads-panel';
import { DownloadsList } from './downloads-list';
import { PlaylistsSection } from './playlists-list';
import { ListenerResponsesPanel } from '../../pitching';
import { EmailText } from '../../../components/email-text';
import { DataTable, RowSelectButton } from '../../../components/data-table';

const m = MESSAGES.previewAccess;
const dm = MESSAGES.downloads;

/**
 * /admin/preview-activity: who listens and to what. The chosen user (?user=) shows their plays; the chosen
 * song (?song=) shows where its listeners stop and how far each got.
 */
export function PreviewActivityPage() {
  const activity = useQuery(previewActivityQuery);
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('user');
  const selectedSongId = params.get('song');

  const choose = (key: 'user' | 'song', id: string | null) => {
    const p = new URLSearchParams(params);
    if (id) p.set(key, id);
    else p.delete(key);
    setParams(p, { replace: true, preventScrollReset: true });
  };
  const select = (userId: string | null) => choose('user', userId);
  const selectSong = (songId: string | null) => choose('song', songId);

  const users = activity.data?.users ?? [];
  const selected = users.find((u) => u.userId === selectedId);
  const selectedLabel = selected ? selected.name || selected.email : 'this user';
  const selectedSong = activity.data?.songs.find((s) => s.songId === selectedSongId);
  const totalPlays = users.reduce((sum, u) => sum + u.playCount, 0);
  const activeCount = users.filter((u) => activeThisWeek(u.lastActiveAt)).length;

  return (
    <div>
      <PageMeta
        title="Preview User Activity"
        description="Preview users with their plays and comments, and how each song is listened to."
      />
      <h1 className="text-3xl font-bold">Preview User Activity</h1>
      <p className="mt-1 text-muted-foreground">Everyone with preview access, what they played and which songs get heard.</p>

      {activity.isPending ? (
        <div className="mt-6">
          <PageSpinner label="Loading activity…" />
        </div>
      ) : activity.isError ? (
        <div className="mt-6">
          <ErrorState title={m.activityLoadFailed} error={activity.error} onRetry={() => void activity.refetch()} />
        </div>
      ) : (
        <>
          <dl className="mt-6 grid grid-cols-3 gap-2 sm:gap-4">
            <Stat term="Preview users" value={users.length} />
            <Stat term="Plays" value={totalPlays} />
            {/* Preview users only, like the rest of this page; the dashboard's card counts every listener. */}
            <Stat term="Preview users active this week" value={activeCount} />
          </dl>

          <div className={cn('mt-8 grid grid-cols-1 gap-6', selectedId && '2xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] 2xl:items-start')}>
            <section aria-labelledby="preview-users-title">
              <h2 id="preview-users-title" className="text-xl font-semibold">
                Preview users
              </h2>
              <div className="mt-3">
                {users.length === 0 ? (
                  <EmptyState icon={Users} message={m.activityNoUsers} />
                ) : (
                  <UsersTable users={users} selectedId={selectedId} onSelect={(id) => select(id === selectedId ? null : id)} />
                )}
              </div>
            </section>
            {selectedId && (
              <div className="2xl:sticky 2xl:top-6 2xl:mt-10">
                <UserPlaysPanel key={selectedId} userId={selectedId} label={selectedLabel} onClose={() => select(null)} />
                <div className="mt-6">
                  <UserDownloadsPanel key={selectedId} userId={selectedId} label={selectedLabel} />
                </div>
                <div className="mt-6">
                  <ListenerResponsesPanel key={selectedId} userId={selectedId} label={selectedLabel} />
                </div>
              </div>
            )}
          </div>

          <section aria-labelledby="downloads-title" className="mt-10">
            <h2 id="downloads-title" className="text-xl font-semibold">
              {dm.downloadsHeading}
            </h2>
            <div className="mt-3">
              {activity.data.downloads.length === 0 ? (
                <EmptyState icon={Download} message={dm.downloadsEmpty} />
              ) : (
                <DownloadsList label={dm.latestDownloadsLabel} downloads={activity.data.downloads} />
              )}
            </div>
          </section>

          <PlaylistsSection playlists={activity.data.playlists} />

          <section aria-labelledby="by-song-title" className="mt-10">
            <h2 id="by-song-title" className="text-xl font-semibold">
              By song
            </h2>
            <div className="mt-3">
              {activity.data.songs.length === 0 ? (
                <EmptyState icon={ListMusic} message={m.activityNoSongs} />
              ) : (
                <SongsTable
                  songs={activity.data.songs}
                  selectedId={selectedSongId}
                  onSelect={(id) => selectSong(id === selectedSongId ? null : id)}
                />
              )}
            </div>
            {selectedSongId && (
              <div className="mt-6">
                <SongDepthPanel
                  key={selectedSongId}
                  songId={selectedSongId}
                  label={selectedSong?.title ?? 'this song'}
                  onClose={() => selectSong(null)}
                />
              </div>
            )}
          </section>
        </>
      )}
    </div>
  );
}

function Stat({ term, value }: { term: string; value: number }) {
  return (
    <div className="rounded-xl border border-border bg-card p-3 shadow-sm sm:p-4">
      <dt className="text-xs text-muted-foreground sm:text-sm">{term}</dt>
      <dd className="mt-1 font-display text-2xl font-bold tabular-nums sm:text-3xl">{value}</dd>
    </div>
  );
}

function UsersTable({
  users,
  selectedId,
  onSelect,
}: {
  users: PreviewUserActivity[];
  selectedId: string | null;
  onSelect: (userId: string) => void;
}) {
  return (
    <DataTable
      label="Listening by person, most recently active first"
      caption="Preview users, most recently active first. Choose a name to see that user's plays."
      tableClassName="min-w-[640px]"
      columns={[
        'User',
        'Company',
        { label: 'Plays', numeric: true },
        { label: 'Comments', numeric: true },
        { label: 'Downloads', numeric: true },
        dm.permissionLabel,
        'Last active',
      ]}
    >
      {users.map((user) => {
        const selected = user.userId === selectedId;
        return (
          <tr
            key={user.userId}
            onClick={() => onSelect(user.userId)}
            className={cn(
              'cursor-pointer border-b border-border last:border-0 hover:bg-muted',
              selected && 'bg-secondary hover:bg-secondary',
            )}
          >
            <th scope="row" className="px-4 py-3 font-normal">
              <RowSelectButton selected={selected} controls="user-plays" onSelect={() => onSelect(user.userId)}>
                {user.name || user.email}
              </RowSelectButton>
              {user.name && <EmailText email={user.email} className="block text-muted-foreground" />}
            </th>
            <td className="px-4 py-3">{user.companyName ?? '—'}</td>
            <td className="px-4 py-3 text-right tabular-nums">{user.playCount}</td>
            <td className="px-4 py-3 text-right tabular-nums">{user.commentCount}</td>
            <td className="px-4 py-3 text-right tabular-nums">{user.downloadCount}</td>
            {/* The switch is its own control: choosing it must not also choose the row. */}
            <td className="px-4 py-3" onClick={(e) => e.stopPropagation()}>
              {user.accessId ? <DownloadSwitch user={user} accessId={user.accessId} /> : <span className="text-muted-foreground">—</span>}
            </td>
            <td className="whitespace-nowrap px-4 py-3">
              {user.lastActiveAt ? (
                <time dateTime={user.lastActiveAt} title={formatDateTime(user.lastActiveAt)}>
                  {formatLastActive(user.lastActiveAt)}
                </time>
              ) : (
                <span className="text-muted-foreground">No plays yet</span>
              )}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}

/** Stream only or download allowed, saved at once and recorded in the audit trail by the server. */
function DownloadSwitch({ user, accessId }: { user: PreviewUserActivity; accessId: string }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (allowed: boolean) => setPreviewDownloads(accessId, allowed),
    onSuccess: (_, allowed) => {
      toast.success(dm.permissionSaved(allowed));
      return invalidatePreviewAdmin(queryClient);
    },
    onError: () => toast.error(dm.permissionFailed),
  });
  const checked = save.isPending ? save.variables : user.downloadAllowed;
  return (
    <label className="flex items-center gap-2 whitespace-nowrap text-sm">
      <Switch
        checked={checked}
        disabled={save.isPending}
        onCheckedChange={(allowed) => save.mutate(allowed)}
        aria-label={`Downloads for ${user.name || user.email}`}
      />
      {checked ? dm.downloadAllowedOption : dm.streamOnlyOption}
    </label>
  );
}

function SongsTable({
  songs,
  selectedId,
  onSelect,
}: {
  songs: SongListening[];
  selectedId: string | null;
  onSelect: (songId: string) => void;
}) {
  return (
    <DataTable
      label="Listening per song, most listeners first"
      caption="Listening by song, most listeners first. Choose a title to see where its listeners stop."
      tableClassName="min-w-[600px]"
      columns={[
        'Song',
        { label: 'Listeners', numeric: true },
        { label: 'Plays', numeric: true },
        { label: 'Completed plays', numeric: true },
        { label: 'Average depth', numeric: true },
      ]}
    >
      {songs.map((song) => {
        const selected = song.songId === selectedId;
        return (
          <tr key={song.songId} className={cn('border-b border-border last:border-0', selected && 'bg-secondary')}>
            <th scope="row" className="px-4 py-3 font-normal">
              <RowSelectButton selected={selected} controls="song-depth" onSelect={() => onSelect(song.songId)}>
                {song.title}
              </RowSelectButton>
            </th>
            <td className="px-4 py-3 text-right tabular-nums">{song.listeners}</td>
            <td className="px-4 py-3 text-right tabular-nums">{song.plays}</td>
            <td className="px-4 py-3 text-right tabular-nums">{song.completedPlays}</td>
            <td className="px-4 py-3 text-right tabular-nums">
              {song.averageDepth === null ? '—' : `${Math.round(song.averageDepth * 100)}%`}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
