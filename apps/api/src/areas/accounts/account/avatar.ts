import sharp from 'sharp';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_SIZE = 256;
/** Decoding a small file can still mean a huge image (a decompression bomb): refuse past this. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * The avatar as we store it: a 256x256 JPEG (cropped to cover), turned upright, on white where the
 * original was transparent, with no metadata (sharp writes none unless asked: no EXIF, no GPS).
 * Undefined when the bytes are not a JPEG or PNG image, whatever the file name says.
 */
export async function toAvatarJpeg(input: Buffer): Promise<Buffer | undefined> {
  try {
    const { format } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (format !== 'jpeg' && format !== 'png') return undefined;
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch {
    return undefined;
  }
}
