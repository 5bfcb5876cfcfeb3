import { QueryClient } from '@tanstack/react-query';
import { onSignOut } from './auth';

// The API client already retries a GET once (docs/architecture.md#the-spa), so TanStack Query must not retry again.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

// Nothing cached for one user may be shown to the next.
onSignOut(() => queryClient.clear());
