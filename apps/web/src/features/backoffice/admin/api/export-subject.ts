import { api } from '../../../../lib/api-client.ts';

export type ExportFormat = 'json' | 'moodle' | 'gift';

const FILES: Record<ExportFormat, { extension: string; type: string }> = {
  json: { extension: 'json', type: 'application/json' },
  moodle: { extension: 'moodle.xml', type: 'application/xml' },
  gift: { extension: 'gift.txt', type: 'text/plain' },
};

/**
 * `GET /api/admin/subjects/{id}/export?format=`: the subject's bank as JSON (ensaya-bank), Moodle
 * XML or GIFT, saved as a file.
 */
export async function exportSubject(subjectId: number, format: ExportFormat): Promise<void> {
  const body = await api.get<unknown>(`/api/admin/subjects/${subjectId}/export`, {
    query: { format },
  });
  const text = typeof body === 'string' ? body : JSON.stringify(body, null, 2);
  const blob = new Blob([text], { type: `${FILES[format].type};charset=utf-8` });
  const url = URL.createObjectURL(blob);
  const link = window.document.createElement('a');
  link.href = url;
  link.download = `ensaya-subject-${subjectId}.${FILES[format].extension}`;
  window.document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
