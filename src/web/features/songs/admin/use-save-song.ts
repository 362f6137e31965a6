import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { AdminSong } from '../../../../common/responses';
import * as MESSAGES from '../../../../common/messages';
import { PAGE_PATHS } from '../../../../common/routes';
import type { SongFormValues } from '../../../../common/schemas/songs';
import { isApiError } from '../../../lib/api';
import { applyFieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { invalidateSongs, saveSong } from './admin-songs-api';
import type { SongMedia } from './song-media-card';
import { fieldNames, type SongFormApi } from './song-form-values';

/**
 * Saving the song: waits for the audio still on its way, sends the fields and the image with visible
 * progress, and on a server error keeps everything and shows the server's messages on their fields.
 */
export function useSaveSong(form: SongFormApi, song: AdminSong | undefined, media: SongMedia) {
  const editing = song !== undefined;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  const [waitingForAudio, setWaitingForAudio] = useState(false);

  const save = useMutation({
    mutationFn: (values: SongFormValues) => saveSong({ id: song?.id, values, files: media.files }, setProgress),
    onMutate: () => setProgress(0),
    onSuccess: async () => {
      toast.success(editing ? MESSAGES.songs.updated : MESSAGES.songs.created);
      await invalidateSongs(queryClient);
      await navigate(PAGE_PATHS.adminSongs);
    },
    onError: (error) => {
      applyFieldErrors(form.setError, error, fieldNames(form.getValues('writers')?.length ?? 0));
      if (isApiError(error) && error.fields) media.showServerErrors(error.fields);
      toast.error(MESSAGES.songs.saveFailed, { description: isApiError(error) ? error.message : undefined });
    },
  });

  const onValid = async (values: SongFormValues) => {
    if (!media.audioChosen({ focus: true }) || media.hasErrors) return;
    // Saving while the audio is still on its way waits for it.
    setWaitingForAudio(true);
    const audioUploadId = await media.uploadedAudioId().finally(() => setWaitingForAudio(false));
    if (audioUploadId === null || (audioUploadId === undefined && !editing)) return;
    save.mutate({ ...values, audioUploadId });
  };

  return { onValid, saving: save.isPending, busy: save.isPending || waitingForAudio, percent: Math.round(progress * 100) };
}
