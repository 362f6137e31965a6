import { Controller, type FieldErrors } from 'react-hook-form';
import { MUSICAL_KEYS } from '../../../../common/musical-keys';
import { LIMITS } from '../../../../common/constants';
import * as MESSAGES from '../../../../common/messages';
import type { SongFormInput } from '../../../../common/schemas/songs';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/select';
import { Switch } from '../../../components/ui/switch';
import { ConfirmDetected, DetectedBadge } from './detected-marker';
import { firstTagError, toOptionalNumber, type SongFormApi } from './song-form-values';
import { TagsInput } from './tags-input';
import type { DetectedAnalysis } from './use-detected-analysis';

type CardProps = { form: SongFormApi; errors: FieldErrors<SongFormInput>; analysis: DetectedAnalysis };

/** How the catalogue files the song: genre, tempo and key (as detected, until confirmed), tags, order, and whether it shows. */
export function SongCatalogueCard({ form, errors, analysis }: CardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Catalogue</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid items-start gap-5 sm:grid-cols-2">
          <FormField label="Genre" error={errors.genre?.message}>
            <Input maxLength={LIMITS.genreMax} {...form.register('genre')} />
          </FormField>
          <BpmField errors={errors} analysis={analysis} />
        </div>
        <DetectedKeyLine analysis={analysis} />
        <FormField label="Key" error={errors.musicalKey?.message}>
          <NativeSelect {...form.register('musicalKey', { setValueAs: (v: unknown) => (v === '' || v === null ? null : v) })}>
            <option value="">Not set</option>
            {MUSICAL_KEYS.map((key) => (
              <option key={key} value={key}>
                {key}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <Controller
          control={form.control}
          name="isOneStop"
          render={({ field }) => (
            <FormField label={MESSAGES.songs.oneStop} hint={MESSAGES.songs.oneStopHint}>
              <Switch checked={field.value ?? false} onCheckedChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />
            </FormField>
          )}
        />
        <Controller
          control={form.control}
          name="tags"
          render={({ field }) => <TagsInput value={field.value ?? []} onChange={field.onChange} error={firstTagError(errors)} />}
        />
        <FormField label="Order" error={errors.orderIndex?.message} hint="Lower numbers come first; 0 is the top of the list.">
          <Input type="number" inputMode="numeric" min={0} step={1} {...form.register('orderIndex', { setValueAs: toOptionalNumber })} />
        </FormField>
        <Controller
          control={form.control}
          name="isActive"
          render={({ field }) => (
            <FormField label="Active" hint="Active songs are visible to preview users.">
              <Switch checked={field.value ?? true} onCheckedChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />
            </FormField>
          )}
        />
      </CardContent>
    </Card>
  );
}

/** The BPM field; a detected tempo is marked until the admin confirms or changes it. */
function BpmField({ errors, analysis }: Omit<CardProps, 'form'>) {
  const { bpmDetected, bpmKept, bpmField, bpmInput, confirmBpm } = analysis;
  return (
    <div className="grid content-start gap-2">
      <FormField
        label="BPM"
        error={errors.bpm?.message}
        hint={
          bpmDetected ? (
            <span className="flex flex-wrap items-center gap-2">
              <DetectedBadge />
              {MESSAGES.audioAnalysis.detectedHint}
            </span>
          ) : bpmKept !== null ? (
            MESSAGES.audioAnalysis.detectedBpmKept(bpmKept)
          ) : undefined
        }
      >
        <Input
          type="number"
          inputMode="numeric"
          min={LIMITS.bpmMin}
          max={LIMITS.bpmMax}
          step={1}
          {...bpmField}
          ref={(element) => {
            bpmField.ref(element);
            bpmInput.current = element;
          }}
        />
      </FormField>
      {bpmDetected && (
        <div>
          <ConfirmDetected what="BPM" onConfirm={confirmBpm} />
        </div>
      )}
    </div>
  );
}

/** The key found in the audio, marked until confirmed; and where a confirmation is announced. */
function DetectedKeyLine({ analysis }: { analysis: DetectedAnalysis }) {
  const { detectedKey, keyLine, confirmKey, announcement } = analysis;
  return (
    <>
      {detectedKey && (
        <div className="flex flex-wrap items-center gap-2">
          <p ref={keyLine} tabIndex={-1} className="text-sm font-medium">
            {MESSAGES.audioAnalysis.detectedKey(detectedKey.key)}
          </p>
          {detectedKey.marked && (
            <>
              <DetectedBadge />
              <ConfirmDetected what="key" onConfirm={confirmKey} />
            </>
          )}
        </div>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </>
  );
}
