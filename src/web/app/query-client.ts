import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api';
import { meQuery } from '../lib/auth';

/**
 * One cache for the app. A 401 anywhere means the session ended (expired, revoked elsewhere): refetch
 * /api/me so guards and the header catch up. Client errors are not retried; they would fail again.
 */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (isApiError(error) && error.status === 401) void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
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
