import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '../../../lib/toast';
import * as MESSAGES from '../../../../common/messages';
import type { AdminSong, SongFromAgreement } from '../../../../common/responses';
import { PAGE_PATHS, pathTo } from '../../../../common/routes';
import { Alert } from '../../../components/ui/alert';
import { PageMeta } from '../../../components/page-meta';
import { staleLinkState } from '../../../components/stale-link-notice';
import { PageSpinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api';
import { adminSongQuery, adminSongsQuery } from './admin-songs-api';
import { SongForm } from './song-form';
import { SongVersionsCard } from './song-versions-card';
import { SongResponsesPanel } from '../../pitching';
import { SongPlacementsPanel } from '../../placements';
import { SITE_NAME } from '../../../lib/site-name';

function FormPage({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <div className="max-w-6xl">
      <PageMeta title={title} description={description} />
      <Link
        to={PAGE_PATHS.adminSongs}
        className="inline-flex items-center gap-2 rounded-sm text-sm font-medium text-primary hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to songs
      </Link>
      <h1 className="mt-3 text-3xl font-bold">{title}</h1>
      <div className="mt-6">{children}</div>
    </div>
  );
}

/** A song from a songwriter's pitch agreement: whose, a link to the review it came from, and what it still lacks. */
function AgreementSongNotice({ song, fromAgreement }: { song: AdminSong; fromAgreement: SongFromAgreement }) {
  const lacking: string[] = [];
  if (song.mediaPending) lacking.push(MESSAGES.songs.agreementMediaPending);
  else if (song.mediaProblem) lacking.push(song.mediaProblem);
  else {
    if (!song.audioUrl) lacking.push(MESSAGES.songs.agreementNeedsAudio);
    if (!song.lyrics) lacking.push(MESSAGES.songs.agreementNeedsLyrics);
  }
  return (
    <Alert role="note" className="mb-6 grid gap-1">
      <p className="font-medium">
        {MESSAGES.songs.fromAgreement(fromAgreement.writerName)}.{' '}
        <Link
          to={pathTo(PAGE_PATHS.adminSongwriterReview, { id: fromAgreement.reviewId })}
          className="text-primary underline underline-offset-2"
        >
          Open the review
        </Link>
      </p>
      {!song.isActive && <p>Complete the genre, BPM and tags, then make it active to publish it.</p>}
      {lacking.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </Alert>
  );
}

/** /admin/songs/new. A new song goes to the end of the list: its order defaults to the current song count. */
export function NewSongPage() {
  const list = useQuery(adminSongsQuery);
  return (
    <FormPage title="Add New Song" description={`Add a song to the ${SITE_NAME} catalogue.`}>
      {list.isPending ? <PageSpinner /> : <SongForm defaultOrderIndex={list.data?.length ?? 0} />}
    </FormPage>
  );
}

/** /admin/songs/edit/:id. A song that cannot be loaded: back to the list, saying why. */
export function EditSongPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const song = useQuery(adminSongQuery(id));
  const failed = song.isError;

  useEffect(() => {
    if (!failed) return;
    // A deleted song (or an address no song could have): the list says why the admin is there.
    if (isApiError(song.error) && (song.error.status === 404 || song.error.status === 400)) {
      void navigate(PAGE_PATHS.adminSongs, { replace: true, state: staleLinkState('adminSong') });
      return;
    }
    const detail = isApiError(song.error) ? song.error.message : undefined;
    // An id keeps Strict Mode's second effect run from showing the toast twice.
    toast.error(MESSAGES.songs.loadOneFailed, { id: `song-load-failed-${id}`, description: detail });
    void navigate(PAGE_PATHS.adminSongs, { replace: true });
  }, [failed, id, navigate, song.error]);

  return (
    <FormPage title="Edit Song" description={`Edit a song of the ${SITE_NAME} catalogue.`}>
      {/* Filled from the song as it is now, never from a copy cached by an earlier visit: saving writes every
          field back, and would undo a reorder or a change made meanwhile. */}
      {song.data?.fromAgreement && <AgreementSongNotice song={song.data} fromAgreement={song.data.fromAgreement} />}
      {song.data && song.isFetchedAfterMount ? (
        <SongForm key={song.data.id} song={song.data} defaultOrderIndex={song.data.orderIndex} />
      ) : (
        <PageSpinner label={MESSAGES.songs.loadingSong} />
      )}
      {song.data && (
        <div className="mt-10 grid gap-10">
          {song.isFetchedAfterMount && <SongVersionsCard key={song.data.id} song={song.data} />}
          <SongPlacementsPanel songId={song.data.id} />
          <SongResponsesPanel songId={song.data.id} />
        </div>
      )}
    </FormPage>
  );
}
