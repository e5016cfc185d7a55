import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { ImportFormat, ImportPreview } from './types.ts';

export interface ImportRequest {
  file: File;
  format: ImportFormat;
  subjectId: number;
  themeId: number;
}

function toFormData({ file, format, subjectId, themeId }: ImportRequest): FormData {
  const form = new FormData();
  form.append('format', format);
  form.append('subject_id', String(subjectId));
  form.append('theme_id', String(themeId));
  form.append('file', file);
  return form;
}

/** `POST /api/admin/import/preview`: what the file would create, or 422 `errors.file`. */
export async function previewImport(request: ImportRequest): Promise<ImportPreview> {
  return (await api.post<{ data: ImportPreview }>('/api/admin/import/preview', toFormData(request)))
    .data;
}

/** `POST /api/admin/import`: all the file's questions, or nothing. */
export async function importQuestions(request: ImportRequest): Promise<{ created: number }> {
  return (await api.post<{ data: { created: number } }>('/api/admin/import', toFormData(request)))
    .data;
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
