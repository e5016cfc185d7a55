import { QueryClient } from '@tanstack/react-query';
import { isApiRequestError } from './api-client.ts';

const MAX_RETRIES = 2;

/** Client errors (4xx) will not change by asking again; network and server errors may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiRequestError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(options: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: options.retry === false ? false : shouldRetry },
      mutations: { retry: false },
    },
  });
}
