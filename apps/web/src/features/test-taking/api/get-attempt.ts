import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Attempt } from '@ensaya/core/contracts/engine';
import { api } from '../../../lib/api-client.ts';
import { clockOffsetMs } from '../lib/countdown.ts';

/** An attempt as read, with how far the server's clock was ahead of this one at that moment. */
export type LoadedAttempt = Attempt & { clockOffsetMs: number };

export const attemptQueryKey = (id: number) => ['user-tests', id] as const;

/**
 * `GET /api/user-tests/{id}`: the questions in order with the saved answers; reading it also
 * cancels a pending "leave", so a reload resumes the attempt.
 */
export async function getAttempt(id: number): Promise<LoadedAttempt> {
  const { data } = await api.get<{ data: Attempt }>(`/api/user-tests/${id}`);
  return { ...data, clockOffsetMs: clockOffsetMs(data.server_now, Date.now()) };
}

export const attemptQueryOptions = (id: number) =>
  queryOptions({
    queryKey: attemptQueryKey(id),
    queryFn: () => getAttempt(id),
    // The page keeps the answers itself from here on: a refetch would only reset the clock.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useAttempt(id: number | null) {
  return useQuery({ ...attemptQueryOptions(id ?? 0), enabled: id !== null });
}
