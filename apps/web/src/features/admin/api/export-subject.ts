import { api } from '../../../lib/api-client.ts';

/** `GET /api/admin/subjects/{id}/export`: the subject's bank as JSON, saved as a file. */
export async function exportSubject(subjectId: number, fileName: string): Promise<void> {
  const document = await api.get<unknown>(`/api/admin/subjects/${subjectId}/export`);
  const blob = new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = window.document.createElement('a');
  link.href = url;
  link.download = fileName;
  window.document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
