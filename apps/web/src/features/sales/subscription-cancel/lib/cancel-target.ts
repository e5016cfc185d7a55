import { z } from 'zod';

/**
 * The subscription the wizard cancels, as the account table hands it over in the router state
 * (spec 000, section 4: id, end date, package name and subjects). The router state survives a
 * reload; a visit without it loads the newest Active subscription instead.
 */
const CancelTargetSchema = z.object({
  id: z.number().int().positive(),
  subscription_end: z.string().nullable(),
  package_name: z.string(),
  all_subjects: z.boolean(),
  subjects: z.array(z.string()),
});
export type CancelTarget = z.infer<typeof CancelTargetSchema>;

/** The target from `location.state.cancelSubscription`, or null when absent or malformed. */
export function cancelTargetFrom(state: unknown): CancelTarget | null {
  if (typeof state !== 'object' || state === null) return null;
  const parsed = CancelTargetSchema.safeParse(
    (state as Record<string, unknown>).cancelSubscription,
  );
  return parsed.success ? parsed.data : null;
}
