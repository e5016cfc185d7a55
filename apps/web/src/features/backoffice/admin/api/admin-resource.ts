import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';
import type { ListParams, ListResponse } from './types.ts';

/**
 * The back office's generic CRUD over `/api/admin/<resource>`: a list with
 * search, filters and server pagination, one record, create (POST), update (PATCH) and delete.
 * Every query key starts with `['admin', resource]`, so a mutation invalidates the resource's
 * lists and records at once.
 */

export type AdminResource =
  | 'standard-tests'
  | 'subjects'
  | 'periods'
  | 'themes'
  | 'contexts'
  | 'questions'
  | 'packages'
  | 'promo-codes'
  | 'users';

const base = (resource: AdminResource) => `/api/admin/${resource}`;

export const adminKey = (resource: AdminResource) => ['admin', resource] as const;

export function listRecords<T>(resource: AdminResource, params: ListParams) {
  return api.get<ListResponse<T>>(base(resource), { query: params });
}

export const listQueryOptions = <T>(resource: AdminResource, params: ListParams) =>
  queryOptions({
    queryKey: [...adminKey(resource), 'list', params],
    queryFn: () => listRecords<T>(resource, params),
    placeholderData: keepPreviousData,
  });

export function useAdminList<T>(
  resource: AdminResource,
  params: ListParams,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({ ...listQueryOptions<T>(resource, params), enabled });
}

/** Choices for a select (subjects, themes of a subject, ...): the first page of 100. */
export function useAdminOptions<T>(
  resource: AdminResource,
  filters: Record<string, string | number | undefined> = {},
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: [...adminKey(resource), 'options', filters],
    queryFn: () => listRecords<T>(resource, { page: 1, per_page: 100, ...filters }),
    enabled,
    staleTime: 30_000,
  });
}

export async function getRecord<T>(resource: AdminResource, id: number | string): Promise<T> {
  const response = await api.get<{ data: T }>(`${base(resource)}/${id}`);
  return response.data;
}

export function useAdminRecord<T>(resource: AdminResource, id: number | string | undefined) {
  return useQuery({
    queryKey: [...adminKey(resource), 'record', String(id)],
    queryFn: () => getRecord<T>(resource, id!),
    enabled: id !== undefined,
  });
}

export async function saveRecord<T>(
  resource: AdminResource,
  id: number | undefined,
  body: unknown,
): Promise<T> {
  const response =
    id === undefined
      ? await api.post<{ data: T }>(base(resource), body)
      : await api.patch<{ data: T }>(`${base(resource)}/${id}`, body);
  return response.data;
}

export function useSaveRecord<T>(resource: AdminResource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: unknown }) => saveRecord<T>(resource, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKey(resource) }),
  });
}

export function deleteRecord(resource: AdminResource, id: number) {
  return api.delete<undefined>(`${base(resource)}/${id}`);
}

export function useDeleteRecord(resource: AdminResource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteRecord(resource, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKey(resource) }),
  });
}
