import { createHash } from 'node:crypto';
import { access, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Message } from '../../../lib/app-error.ts';
import { PLUGINFILE, referencedFiles, type ParsedQuestion } from './parsed.ts';

// Images embedded in Moodle XML (`<file name="a.png" encoding="base64">`, shown with
// `@@PLUGINFILE@@/a.png`). A PNG, JPEG, GIF or WebP of at most 2 MB is decoded, re-encoded without
// metadata (like avatars: what we serve is what we wrote, never the uploaded bytes) and stored in
// the uploads folder under the hash of what was written, so importing or previewing it twice
// stores it once. The uploads folder is public (plugins/uploads.ts) and the sanitizer allows
// images from MEDIA_URL_PREFIX. Anything else refuses the question, naming the file.

export const MEDIA_URL_PREFIX = '/uploads/media/';
export const MEDIA_MAX_BYTES = 2 * 1024 * 1024;
/** Larger images are scaled down to this width; a question's figure needs no more. */
const MEDIA_MAX_WIDTH = 1600;
const MAX_INPUT_PIXELS = 40_000_000;
const FORMATS = new Set(['png', 'jpeg', 'gif', 'webp']);

/** The image as we store it (JPEG stays JPEG, the others become PNG), or undefined. */
export async function toMediaImage(
  input: Buffer,
): Promise<{ bytes: Buffer; extension: 'jpg' | 'png' } | undefined> {
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS });
    const { format } = await image.metadata();
    if (!format || !FORMATS.has(format)) return undefined;
    const resized = image.autoOrient().resize({ width: MEDIA_MAX_WIDTH, withoutEnlargement: true });
    return format === 'jpeg'
      ? { bytes: await resized.jpeg({ quality: 85, mozjpeg: true }).toBuffer(), extension: 'jpg' }
      : { bytes: await resized.png({ compressionLevel: 9 }).toBuffer(), extension: 'png' };
  } catch {
    return undefined;
  }
}

async function store(uploadsDir: string, image: { bytes: Buffer; extension: string }) {
  const name = `${createHash('sha256').update(image.bytes).digest('hex')}.${image.extension}`;
  const dir = path.join(uploadsDir, 'media');
  const file = path.join(dir, name);
  const exists = await access(file).then(
    () => true,
    () => false,
  );
  if (!exists) {
    await mkdir(dir, { recursive: true });
    await writeFile(file, image.bytes);
  }
  return MEDIA_URL_PREFIX + name;
}

function texts(question: ParsedQuestion): string[] {
  return [question.statement, question.solution, ...question.choices.map((c) => c.body)];
}

/** Whether a question's texts show embedded files. */
export function hasMedia(question: ParsedQuestion): boolean {
  return texts(question).some((text) => text.includes('@@PLUGINFILE@@'));
}

/**
 * The question with its embedded images stored and their references pointing at them, or the
 * problem of the first file that cannot be (missing, not an image we take, too large).
 */
export async function storeQuestionMedia(
  uploadsDir: string,
  question: ParsedQuestion,
): Promise<{ question: ParsedQuestion } | { problem: Message }> {
  const urls = new Map<string, string>();
  for (const name of new Set(texts(question).flatMap(referencedFiles))) {
    const file = question.files?.get(name);
    if (!file?.data) return { problem: { key: 'import.mediaMissing', params: { name } } };
    // Base64 is 4 characters for 3 bytes: refuse before decoding.
    if ((file.data.length * 3) / 4 > MEDIA_MAX_BYTES + 3)
      return { problem: { key: 'import.mediaTooLarge', params: { name } } };
    const image = await toMediaImage(Buffer.from(file.data, 'base64'));
    if (!image) return { problem: { key: 'import.mediaType', params: { name } } };
    urls.set(name, await store(uploadsDir, image));
  }
  const replace = (text: string) =>
    text.replace(PLUGINFILE, (whole, encoded: string) => {
      let name = encoded;
      try {
        name = decodeURIComponent(encoded);
      } catch {
        // kept as written
      }
      return urls.get(name) ?? whole;
    });
  return {
    question: {
      ...question,
      statement: replace(question.statement),
      solution: replace(question.solution),
      choices: question.choices.map((choice) => ({ ...choice, body: replace(choice.body) })),
      files: undefined,
    },
  };
}
