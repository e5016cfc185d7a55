/**
 * What the change-avatar modal accepts before uploading (spec 000, section 5): .jpg, .jpeg or .png
 * of at most 2 MB. The server checks the content again and re-encodes it; this spares the student
 * an upload that would be refused.
 */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

const EXTENSION = /\.(jpe?g|png)$/i;
const TYPES = new Set(['image/jpeg', 'image/png']);

export type AvatarFileProblem = 'type' | 'size';

export function avatarFileProblem(file: File): AvatarFileProblem | undefined {
  // Some systems report no type for a file: then the extension decides.
  if (!EXTENSION.test(file.name) || (file.type !== '' && !TYPES.has(file.type))) return 'type';
  if (file.size > AVATAR_MAX_BYTES) return 'size';
  return undefined;
}
