// The kept database of the HTTP statistics bench: made once per size and reused (generating 10 M
// attempts takes long), remade with REGENERATE=1 or when it holds another size.
import pg from 'pg';
import { createDatabase } from '../../apps/api/src/db/client.ts';
import { seedDatabase } from '../../apps/api/src/seed/index.ts';
import { ensureBenchTables, grow, readMeta, tuneBulkSession, writeMeta } from './stats-data.mjs';

/**
 * Makes sure `name` on the server at `serverUrl` holds `attempts` synthetic attempts (plus the demo
 * data), migrated to the current schema. Returns the database's URL.
 */
export async function prepareKeptDatabase({ serverUrl, name, attempts, regenerate, log }) {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`database name ${name}: a-z, 0-9 and _ only`);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const exists =
      (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0;
    if (exists && !regenerate) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        await ensureBenchTables(client);
        const held = Number((await readMeta(client, 'attempts')) ?? -1);
        const complete = (await readMeta(client, 'complete')) === 'true';
        if (held === attempts && complete) {
          log(`reusing ${name}: ${attempts.toLocaleString('en')} attempts`);
          return url.toString();
        }
        log(`${name} holds ${held} attempts (complete: ${complete}); making it again`);
      } finally {
        await client.end();
      }
    }
    if (exists) await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }

  const started = Date.now();
  const database = await createDatabase({ databaseUrl: url.toString() });
  try {
    await database.migrate();
    log('seeding the demo data…');
    await seedDatabase(database.db, { demo: true });
  } finally {
    await database.close();
  }
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await tuneBulkSession(client);
    await ensureBenchTables(client);
    await writeMeta(client, 'attempts', attempts);
    await writeMeta(client, 'complete', false);
    log(`generating ${attempts.toLocaleString('en')} attempts in ${name}…`);
    await grow(client, attempts, 0, { log });
    await client.query('reset session_replication_role');
    log('vacuum analyze…');
    await client.query('vacuum analyze');
    await writeMeta(client, 'complete', true);
    const { rows } = await client.query(
      'select pg_size_pretty(pg_database_size(current_database())) as size',
    );
    log(`${name} ready in ${((Date.now() - started) / 60_000).toFixed(1)} min (${rows[0].size})`);
  } finally {
    await client.end();
  }
  return url.toString();
}
