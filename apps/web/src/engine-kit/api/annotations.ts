import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  AnnotationsResponse,
  SaveAnnotationsRequest,
  SaveAnnotationsResponse,
} from '@ensaya/core/contracts/annotations';
import { api } from '../../lib/api-client.ts';

export type StoredAnnotations = AnnotationsResponse['data'];

export const annotationsQueryKey = (id: number) => ['user-tests', id, 'annotations'] as const;

/** `GET /api/user-tests/{id}/annotations`: crossed-out choices and highlights. */
export async function getAnnotations(id: number): Promise<StoredAnnotations> {
  return (await api.get<AnnotationsResponse>(`/api/user-tests/${id}/annotations`)).data;
}

/** `PUT /api/user-tests/{id}/annotations`: the whole state; the server keeps the newest `seq`. */
export async function saveAnnotations(
  id: number,
  body: SaveAnnotationsRequest,
): Promise<SaveAnnotationsResponse['data']> {
  return (await api.put<SaveAnnotationsResponse>(`/api/user-tests/${id}/annotations`, body)).data;
}

export const annotationsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: annotationsQueryKey(id),
    queryFn: () => getAnnotations(id),
    staleTime: Infinity,
  });

export function useAnnotations(id: number | null) {
  return useQuery({ ...annotationsQueryOptions(id ?? 0), enabled: id !== null });
}
