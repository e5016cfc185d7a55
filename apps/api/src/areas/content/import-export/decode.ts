import type { ImportFormat } from '@ensaya/core/contracts/admin';
import { FileRefused } from './parsed.ts';

// The bytes of an import file as text. Moodle XML says its encoding in the XML declaration;
// GIFT and JSON say nothing, so they are UTF-8 unless the bytes are not valid UTF-8, in which case
// they are read as Windows-1252 (what Windows editors write for Spanish), and the preview says so.

export type DecodedFile = { text: string; encoding: 'utf-8' | 'windows-1252' | 'iso-8859-1' };

/** Encodings a declaration may name, by their lower-case labels. */
const LABELS: Record<string, DecodedFile['encoding']> = {
  'utf-8': 'utf-8',
  utf8: 'utf-8',
  'us-ascii': 'utf-8',
  ascii: 'utf-8',
  'windows-1252': 'windows-1252',
  cp1252: 'windows-1252',
  'iso-8859-1': 'iso-8859-1',
  'iso8859-1': 'iso-8859-1',
  latin1: 'iso-8859-1',
  'latin-1': 'iso-8859-1',
};

const UTF8_BOM = [0xef, 0xbb, 0xbf];

function hasUtf8Bom(bytes: Buffer): boolean {
  return UTF8_BOM.every((byte, index) => bytes[index] === byte);
}

function utf8OrUndefined(bytes: Buffer): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** The encoding an XML declaration names, lower case, or undefined without one. */
function declaredEncoding(bytes: Buffer): string | undefined {
  const head = bytes
    .subarray(0, 200)
    .toString('latin1')
    .replace(/^\u00ef\u00bb\u00bf/, '');
  const declaration = /^\s*<\?xml\s[^>]*?\bencoding\s*=\s*["']([^"']+)["']/i.exec(head);
  return declaration?.[1]?.trim().toLowerCase();
}

/** The file's text; throws FileRefused for an encoding we do not read or UTF-16. */
export function decodeImportFile(format: ImportFormat, bytes: Buffer): DecodedFile {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    throw new FileRefused({ key: 'import.encoding', params: { encoding: 'UTF-16' } });
  const declared = format === 'moodle' && !hasUtf8Bom(bytes) ? declaredEncoding(bytes) : undefined;
  if (declared !== undefined) {
    const encoding = LABELS[declared];
    if (!encoding)
      throw new FileRefused({ key: 'import.encoding', params: { encoding: declared } });
    if (encoding !== 'utf-8')
      // WHATWG decoders read ISO-8859-1 as Windows-1252, its superset: what Moodle files mean.
      return { text: new TextDecoder('windows-1252').decode(bytes), encoding };
  }
  const utf8 = utf8OrUndefined(bytes);
  if (utf8 !== undefined) return { text: utf8, encoding: 'utf-8' };
  if (format === 'json') return { text: bytes.toString('utf8'), encoding: 'utf-8' };
  return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
}
