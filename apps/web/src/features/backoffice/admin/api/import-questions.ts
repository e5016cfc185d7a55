import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';
import type { ImportFormat, ImportPreview, ImportResult } from './types.ts';

export interface ImportRequest {
  file: File;
  format: ImportFormat;
  subjectId: number;
  themeId: number;
  /** Import: save what can be imported and skip the rest. */
  skipUnsupported?: boolean;
  /** Preview: the page of questions to render. */
  page?: number;
}

function toFormData({
  file,
  format,
  subjectId,
  themeId,
  skipUnsupported,
  page,
}: ImportRequest): FormData {
  const form = new FormData();
  form.append('format', format);
  form.append('subject_id', String(subjectId));
  form.append('theme_id', String(themeId));
  if (skipUnsupported) form.append('skip_unsupported', 'true');
  if (page !== undefined) form.append('page', String(page));
  // Last: the server reads the fields before the file.
  form.append('file', file);
  return form;
}

/**
 * `POST /api/admin/import/preview`: a summary, the problems and one page of the questions the
 * file would create, or 422 `errors.file` when it cannot be read.
 */
export async function previewImport(request: ImportRequest): Promise<ImportPreview> {
  return (await api.post<{ data: ImportPreview }>('/api/admin/import/preview', toFormData(request)))
    .data;
}

/** `POST /api/admin/import`: all the file's questions or nothing, unless told to skip problems. */
export async function importQuestions(request: ImportRequest): Promise<ImportResult> {
  return (await api.post<{ data: ImportResult }>('/api/admin/import', toFormData(request))).data;
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}

export function useImportQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importQuestions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
