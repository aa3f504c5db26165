/**
 * @tanstack/react-query for islands that fetch or poll. An island opts in by wrapping its
 * content in <QueryProvider>, so islands that do not fetch do not download react-query.
 * Defaults follow spec 1-foundations-and-admin.md §7.1: no retries, no refetch on focus, cached data never goes
 * stale unless a call sets its own interval.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}

export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
