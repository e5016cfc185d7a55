import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A new, empty database on a PostgreSQL server, for a run or a test file that needs one of its
 * own; `drop()` removes it (closing what still uses it).
 */
export async function createScratchDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function onServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
