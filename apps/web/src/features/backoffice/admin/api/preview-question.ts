import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';
import type { QuestionPreview, QuestionPreviewInput } from './types.ts';

/** `POST /api/admin/questions/preview`: the server renders TeX and sanitizes, nothing is saved. */
export async function previewQuestion(
  input: QuestionPreviewInput,
  signal?: AbortSignal,
): Promise<QuestionPreview> {
  const response = await api.post<{ data: QuestionPreview }>(
    '/api/admin/questions/preview',
    input,
    { signal },
  );
  return response.data;
}

/** The preview of `input` (already debounced by the caller); the last one stays while the next loads. */
export function useQuestionPreview(input: QuestionPreviewInput | undefined) {
  return useQuery({
    queryKey: ['admin', 'questions', 'preview', input],
    queryFn: ({ signal }) => previewQuestion(input!, signal),
    enabled: input !== undefined,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  });
}
