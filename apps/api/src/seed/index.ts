import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { markRichTextCurrentIfEmpty } from '../areas/content/index.ts';
import { users } from '../db/schema/index.ts';
import { type DemoAccount, seedDemoAccounts } from './demo-accounts.ts';
import { seedDemoAttempts } from './demo-attempts.ts';
import { seedDemoBank } from './demo-bank.ts';
import { seedDemoCatalog } from './demo-catalog.ts';
import { seedItemAnalysisCohort } from './demo-item-analysis.ts';
import { seedReferenceData } from './reference.ts';

// Serialises seeding when several instances start at once; any constant shared by all will do.
const SEED_LOCK_KEY = 7_347_120_002;

/**
 * Brings the database's seed data up to date; idempotent, run at every start after the migrations.
 * Reference data (countries, Chile's territory, standard tests, settings) always. With `demo`, the
 * demo catalog when there are no subjects yet, the demo question bank into demo subjects without
 * questions, and the demo accounts (with a history of attempts) when there are no users yet.
 */
export async function seedDatabase(
  db: Db,
  options: { demo: boolean },
): Promise<{ demoAccounts: DemoAccount[] }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    await markRichTextCurrentIfEmpty(tx);
    await seedReferenceData(tx);
    if (!options.demo) return { demoAccounts: [] };
    await seedDemoCatalog(tx);
    await seedDemoBank(tx);
    const isFresh = (await tx.$count(users)) === 0;
    const demoAccounts = await seedDemoAccounts(tx);
    // A history for the demo student and classmates for the bell curve, made with the accounts.
    if (isFresh) {
      await seedDemoAttempts(tx);
      // Enough mock exams of M1 for the back office's item analysis to show figures and flags.
      await seedItemAnalysisCohort(tx);
    }
    return { demoAccounts };
  });
}
