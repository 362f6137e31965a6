import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api';
import { meQuery } from '../lib/auth';

/**
 * One cache for the app. A 401 anywhere means the session ended (expired, revoked elsewhere), a 403 that a
 * role may have been taken away (preview access revoked): refetch /api/me so guards and the header catch up,
 * and a guarded page sends its user where they now belong. Client errors are not retried; they would fail again.
 */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (isApiError(error) && (error.status === 401 || error.status === 403))
      void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
    },
  });
  return queryClient;
}
