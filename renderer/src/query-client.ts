import { QueryClient } from '@tanstack/react-query';
import { QuireError } from '../../shared/errors';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The core already retries the network with backoff; a second layer would only delay errors.
      retry: (count, error) => count < 1 && !(error instanceof QuireError),
      refetchOnWindowFocus: false,
      // Every call goes to the core on this computer, which keeps working offline: paused while
      // the computer's network was down, nothing answered, not even a switch (review P3).
      networkMode: 'always',
    },
    mutations: { networkMode: 'always' },
  },
});
