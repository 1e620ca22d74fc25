import { QueryClient } from '@tanstack/react-query';
import { QuireError } from '../../shared/errors';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The core already retries the network with backoff; a second layer would only delay errors.
      retry: (count, error) => count < 1 && !(error instanceof QuireError),
      refetchOnWindowFocus: false,
    },
  },
});
