import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { HttpStatus } from '@ensaya/core/api/http';
import type { Attempt, AttemptContent, AttemptState } from '@ensaya/core/contracts/engine';
import { contentOnDevice } from '../../lib/sealed-content.ts';
import { api, isApiRequestError } from '../../lib/api-client.ts';
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

/** How the server refuses a content address that is no longer good (expired, or stale). */
const STALE_CONTENT = new Set<number>([HttpStatus.forbidden, HttpStatus.notFound, HttpStatus.gone]);

const isStaleContent = (error: unknown) =>
  isApiRequestError(error) && STALE_CONTENT.has(error.status);

/** The old address's answer when the attempt names none now (sent): the page follows the attempt. */
const EMPTY_CONTENT: AttemptContent = { questions: [], contexts: [] };

/**
 * `GET /api/content/{key}` (the attempt's `content_url`): statements, choices and contexts of its
 * questions. Immutable: the address changes when the content does, so it is never read again (and
 * the browser keeps it too, until the address expires). An address refused as stale (expired after
 * a few hours, or naming a bank edited since: 403, 404, 410) is replaced without asking the
 * student: the attempt is read again, its fresh address read, and both are put in the cache, so the
 * page moves to the new address with its content already there. A refusal of the fresh address too
 * is the error the page shows.
 */
export const attemptContentQueryOptions = (
  queryClient: QueryClient,
  attemptId: number,
  url: string,
) =>
  queryOptions({
    queryKey: ['content', url] as const,
    queryFn: async (): Promise<AttemptContent> => {
      // A scheduled ensayo's form is on the device already (sealed, opened at the start).
      const onDevice = await contentOnDevice(url);
      if (onDevice) return onDevice;
      try {
        return (await api.get<{ data: AttemptContent }>(url)).data;
      } catch (error) {
        if (!isStaleContent(error)) throw error;
        const fresh = await getAttempt(attemptId);
        const freshUrl = fresh.status === 'in_progress' ? fresh.content_url : null;
        if (freshUrl === url) throw error;
        const content = freshUrl
          ? (await api.get<{ data: AttemptContent }>(freshUrl)).data
          : EMPTY_CONTENT;
        if (freshUrl) queryClient.setQueryData(['content', freshUrl], content);
        queryClient.setQueryData(attemptQueryKey(attemptId), fresh);
        return content;
      }
    },
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useAttemptContent(attemptId: number | null, url: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    ...attemptContentQueryOptions(queryClient, attemptId ?? 0, url ?? ''),
    enabled: attemptId !== null && url !== null,
  });
}
