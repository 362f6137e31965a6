import { useRef, useState } from 'react';
import type { AdminSong, SongAudioUpload } from '../../../../common/responses';
import type { MusicalKey } from '../../../../common/musical-keys';
import * as MESSAGES from '../../../../common/messages';
import { offersDetectedBpm, toNullableNumber, type SongFormApi } from './song-form-values';

/**
 * The tempo and key found in the uploaded audio: offered, marked "Detected", in an empty BPM field (never over
 * one the admin typed) and as a key line, until the admin confirms or changes them.
 */
export function useDetectedAnalysis(form: SongFormApi, song: AdminSong | undefined, isSubmitted: boolean) {
  // What detection put in the form and the admin has not yet confirmed or changed.
  const [bpmDetected, setBpmDetected] = useState(() => offersDetectedBpm(song));
  const [bpmKept, setBpmKept] = useState<number | null>(null);
  const [detectedKey, setDetectedKey] = useState<{ key: MusicalKey; marked: boolean } | null>(() =>
    song?.detected.key ? { key: song.detected.key, marked: false } : null,
  );
  const [announcement, setAnnouncement] = useState('');
  const bpmInput = useRef<HTMLInputElement | null>(null);
  const keyLine = useRef<HTMLParagraphElement>(null);

  const applyDetected = ({ detected }: SongAudioUpload) => {
    // A value the admin typed or confirmed is theirs; one detected in a file chosen before gives way.
    const typed = form.getValues('bpm') != null && !bpmDetected;
    setBpmKept(typed && detected.bpm !== null ? detected.bpm : null);
    if (!typed) {
      form.setValue('bpm', detected.bpm, { shouldDirty: true, shouldValidate: isSubmitted });
      setBpmDetected(detected.bpm !== null);
    }
    setDetectedKey(detected.key ? { key: detected.key, marked: true } : null);
    // An empty Key takes the detected one; a key the admin chose stays.
    if (detected.key && !form.getValues('musicalKey')) form.setValue('musicalKey', detected.key, { shouldDirty: true });
  };

  const confirmBpm = () => {
    setBpmDetected(false);
    setAnnouncement(MESSAGES.audioAnalysis.confirmed('BPM'));
    bpmInput.current?.focus();
  };
  const confirmKey = () => {
    setDetectedKey((current) => current && { ...current, marked: false });
    setAnnouncement(MESSAGES.audioAnalysis.confirmed('Key'));
    keyLine.current?.focus();
  };

  const bpmField = form.register('bpm', {
    setValueAs: toNullableNumber,
    onChange: () => {
      // Editing the value makes it the admin's own.
      setBpmDetected(false);
      setBpmKept(null);
    },
  });

  return { bpmDetected, bpmKept, detectedKey, announcement, bpmInput, keyLine, bpmField, applyDetected, confirmBpm, confirmKey };
}

export type DetectedAnalysis = ReturnType<typeof useDetectedAnalysis>;
