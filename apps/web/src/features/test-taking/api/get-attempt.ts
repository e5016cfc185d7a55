import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Attempt, AttemptContent, AttemptState } from '@ensaya/core/contracts/engine';
import { api } from '../../../lib/api-client.ts';
import { clockOffsetMs } from '../lib/countdown.ts';

/**
 * An attempt as read (order and state; while it runs its questions' texts are at `content_url`),
 * with how far the server's clock was ahead of this one at that moment.
 */
export type LoadedAttemptState = AttemptState & { clockOffsetMs: number };
/** The attempt with its questions' content, as the player shows it (core `withContent`). */
export type LoadedAttempt = Attempt & { clockOffsetMs: number };

export const attemptQueryKey = (id: number) => ['user-tests', id] as const;

/**
 * `GET /api/user-tests/{id}`: the questions in order with the saved answers; reading it also
 * cancels a pending "leave", so a reload resumes the attempt.
 */
export async function getAttempt(id: number): Promise<LoadedAttemptState> {
  const { data } = await api.get<{ data: AttemptState }>(`/api/user-tests/${id}`);
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

/**
 * `GET /api/content/{key}` (the attempt's `content_url`): statements, choices and contexts of its
 * questions. Immutable: the address changes when the content does, so it is never read again (and
 * the browser keeps it too).
 */
export const attemptContentQueryOptions = (url: string) =>
  queryOptions({
    queryKey: ['content', url] as const,
    queryFn: async () => (await api.get<{ data: AttemptContent }>(url)).data,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useAttemptContent(url: string | null) {
  return useQuery({ ...attemptContentQueryOptions(url ?? ''), enabled: url !== null });
}
