import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import * as MESSAGES from '../../../common/messages';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { Switch } from '../../components/ui/switch';
import { isApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { newSongsMailQuery, setNewSongsMail } from './new-songs-mail-api';

const m = MESSAGES.newSongsMail;

/** On a buyer's account page: the weekly email of new songs, on or off. */
export function NewSongsMailSetting() {
  const queryClient = useQueryClient();
  const labelId = useId();
  const hintId = useId();
  const setting = useQuery(newSongsMailQuery);
  const save = useMutation({
    mutationFn: setNewSongsMail,
    onSuccess: (saved) => {
      queryClient.setQueryData(newSongsMailQuery.queryKey, saved);
      toast.success(saved.weekly ? m.settingOn : m.settingOff);
    },
    onError: (error) => toast.error(m.settingSaveFailed, { description: isApiError(error) ? error.message : MESSAGES.generic.unexpected }),
  });
  const weekly = save.isPending ? save.variables : setting.data?.weekly;
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>{m.settingHeading}</CardTitle>
        <CardDescription id={hintId}>{m.settingHint}</CardDescription>
      </CardHeader>
      <CardContent>
        {setting.isPending ? (
          <Spinner label="Loading your email setting…" />
        ) : setting.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {m.settingLoadFailed}
          </p>
        ) : (
          <div className="flex items-center gap-3">
            <Switch
              aria-labelledby={labelId}
              aria-describedby={hintId}
              checked={weekly ?? true}
              disabled={save.isPending}
              onCheckedChange={(next) => save.mutate(next)}
            />
            <span id={labelId} className="text-sm font-medium">
              {m.settingLabel}
            </span>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
