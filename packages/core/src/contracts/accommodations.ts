import { z } from 'zod';
import { adminListQuery, PageMeta } from './admin.ts';
import { Id } from './ids.ts';
import { TEXT_SIZES, type TextSize } from '../engine/text-sizes.ts';

// Accessibility: the reading settings a student keeps on every device, and the
// extra time an admin grants as an accommodation. Field names are snake_case.

export { TEXT_SIZES, type TextSize };

/** Extra-time profiles, in percent of a timed test's own duration (0: none). */
export const EXTRA_TIME_PERCENTS = [0, 25, 50, 100] as const;
export type ExtraTimePercent = (typeof EXTRA_TIME_PERCENTS)[number];

/**
 * A timed test's seconds for a student with `extraTimePercent` more time, rounded up to a whole
 * second; an untimed test stays untimed.
 */
export function secondsWithExtraTime(
  seconds: number | null,
  extraTimePercent: number,
): number | null {
  if (seconds === null) return null;
  return Math.ceil((seconds * (100 + extraTimePercent)) / 100);
}

const TextSizeField = z.literal(TEXT_SIZES, 'accessibility.textSize');
const ExtraTimeField = z.literal(EXTRA_TIME_PERCENTS, 'accessibility.extraTime');

/** `GET /api/me/reading-settings`: the student's settings, and the extra time granted (read only). */
export const ReadingSettings = z.object({
  text_size: z.number().int(),
  high_contrast: z.boolean(),
  extra_time_percent: z.number().int(),
});
export type ReadingSettings = z.infer<typeof ReadingSettings>;
export const ReadingSettingsResponse = z.object({ data: ReadingSettings });
export type ReadingSettingsResponse = z.infer<typeof ReadingSettingsResponse>;

/** `PUT /api/me/reading-settings`: both settings (the extra time is an admin's decision). */
export const ReadingSettingsRequest = z
  .object({ text_size: TextSizeField, high_contrast: z.boolean() })
  .strict();
export type ReadingSettingsRequest = z.infer<typeof ReadingSettingsRequest>;

// --- Back office: users and their accommodation --------------------------------------------

export const AdminUser = z.object({
  id: Id,
  name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(['student', 'admin']),
  extra_time_percent: z.number().int(),
});
export type AdminUser = z.infer<typeof AdminUser>;
export const AdminUserQuery = adminListQuery(['id', 'email', 'last_name'], {});
export type AdminUserQuery = z.infer<typeof AdminUserQuery>;
/** What an admin may change on a user here: the extra-time profile, nothing else. */
export const AdminUserPatch = z.object({ extra_time_percent: ExtraTimeField }).strict();
export type AdminUserPatch = z.infer<typeof AdminUserPatch>;
export const AdminUserList = z.object({ data: z.array(AdminUser), meta: PageMeta });
export const AdminUserResponse = z.object({ data: AdminUser });
