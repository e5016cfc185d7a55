import type { FastifyRequest } from 'fastify';
import { ImportFields } from '@ensaya/core/contracts/admin';
import { isMessageKey, type MessageKey } from '@ensaya/core/i18n/messages';
import { AppError, fieldError } from '../../../lib/app-error.ts';
import { unstorableFields, unstorableTextError } from '../../../plugins/input-guards.ts';

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** The import's multipart form: the `file` and the fields, validated. */
export async function readImportForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw fieldError('file', 'import.fileRequired');
  const values: Record<string, string> = {};
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: IMPORT_MAX_BYTES } })) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname === 'file') file = content;
      } else if (typeof part.value === 'string') {
        values[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw fieldError('file', 'import.tooLarge');
    throw error;
  }
  // Multipart fields escape the guard of JSON bodies and queries (plugins/input-guards.ts).
  const unstorable = unstorableFields(values);
  if (unstorable.length > 0) throw unstorableTextError(unstorable);
  const parsed = ImportFields.safeParse(values);
  if (!parsed.success) {
    const fields: Record<string, MessageKey[]> = {};
    for (const issue of parsed.error.issues) {
      const key = isMessageKey(issue.message) ? issue.message : 'validation.invalid';
      (fields[issue.path.join('.')] ??= []).push(key);
    }
    throw new AppError(422, 'error.validation', { fields });
  }
  return { fields: parsed.data, file };
}
