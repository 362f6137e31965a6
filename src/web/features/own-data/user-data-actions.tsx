import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, UserX } from 'lucide-react';
import { useState } from 'react';
import * as MESSAGES from '../../../common/messages';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { isApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { deleteUserAccount, userDataUrl } from './own-data-api';

const m = MESSAGES.ownData;

/**
 * An admin's answer to a person who asks for their data or to leave: download it, or delete the account after
 * a confirmation. An admin account offers only the download (the server refuses its deletion).
 */
export function UserDataActions({ userId, email, isAdmin }: { userId: string; email: string; isAdmin: boolean }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteUserAccount(userId),
    onSuccess: () => {
      setConfirming(false);
      toast.success(m.adminDeleted(email));
      // Users, Customers and the dashboard all count the account differently now.
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (error) => {
      setConfirming(false);
      toast.error(m.deleteFailed, { description: isApiError(error) ? error.message : MESSAGES.generic.unexpected });
    },
  });

  return (
    <div className="flex flex-wrap gap-1">
      <Button asChild variant="ghost" size="sm">
        <a href={userDataUrl(userId)} download>
          <Download aria-hidden="true" />
          Data<span className="sr-only"> of {email}</span>
        </a>
      </Button>
      {!isAdmin && (
        <Button variant="ghost" size="sm" className="text-destructive" onClick={() => setConfirming(true)}>
          <UserX aria-hidden="true" />
          Delete<span className="sr-only"> {email}</span>
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete this account?"
        description={m.adminDeleteConfirm(email)}
        confirmLabel="Delete account"
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
        onOpenChange={setConfirming}
      />
    </div>
  );
}
