import { randomBytes } from 'node:crypto';
import type { Db } from '../../../db/client.ts';
import * as repo from './repo.ts';

export const APP_KEY_SETTING = 'app_key';

/**
 * The application key: `APP_KEY` when set, otherwise a random key made once and kept in the
 * `settings` table, so that every instance on the database signs and checks links alike and links
 * survive restarts. Whoever inserts first wins; the others read the winner's key.
 */
export async function resolveAppKey(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const stored = await repo.findSetting(db, APP_KEY_SETTING);
  if (typeof stored === 'string' && stored.length >= 32) return stored;
  await repo.insertSettingIfAbsent(db, APP_KEY_SETTING, randomBytes(32).toString('base64url'));
  const key = await repo.findSetting(db, APP_KEY_SETTING);
  if (typeof key !== 'string' || key.length < 32) {
    throw new Error(`The setting ${APP_KEY_SETTING} is not a key of at least 32 characters.`);
  }
  return key;
}
