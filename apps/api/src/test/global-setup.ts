import type { TestProject } from 'vitest/node';
import { createDatabase } from '../db/client.ts';
import { seedDatabase } from '../seed/index.ts';
import { createScratchDatabase } from './scratch-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PostgreSQL database made for this run, or '' for in-memory PGlite per test file. */
    databaseUrl: string;
  }
}

/**
 * With TEST_DATABASE_URL the API suite runs against PostgreSQL: a fresh database is created for the
 * run, migrated and seeded with reference data once, shared by the test files (they only read and write their own rows) and dropped
 * at the end. Without it every test file gets its own in-memory PGlite.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    project.provide('databaseUrl', '');
    return;
  }
  const scratch = await createScratchDatabase(serverUrl, 'ensaya_test');
  const database = await createDatabase({ databaseUrl: scratch.url });
  await database.migrate();
  await seedDatabase(database.db, { demo: false });
  await database.close();
  project.provide('databaseUrl', scratch.url);

  return scratch.drop;
}
