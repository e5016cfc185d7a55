import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase, DataDirInUseError } from './db/client.ts';
import { seedDatabase } from './seed/index.ts';
import { rerenderStoredRichText } from './areas/content/index.ts';
import { startScheduledExamPreparer } from './areas/engine/index.ts';
import { deleteExpiredSessions } from './areas/accounts/index.ts';

const SHUTDOWN_GRACE_MS = 10_000;
const SESSION_SWEEP_MS = 60 * 60_000;

async function main() {
  const config = loadConfig();
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  await database.migrate();
  const { demoAccounts } = await seedDatabase(database.db, { demo: config.seedDemo });
  // HTML saved under an older cleaner is cleaned again (once per renderer version).
  const rerendered = await rerenderStoredRichText(database.db);

  if (config.env === 'production' && config.paymentGateway === 'sandbox')
    console.warn(
      'PAYMENT_GATEWAY=sandbox in production: the sandbox accepts test cards, not money.',
    );

  const app = await buildApp({ config, database, serveWebApp: true });
  if (rerendered.updated > 0)
    app.log.info(
      `re-rendered ${rerendered.updated} stored rich-text rows with the current cleaner`,
    );
  await app.listen({ host: config.host, port: config.port });

  const sweep = setInterval(() => {
    deleteExpiredSessions(database.db, new Date()).catch((err: unknown) =>
      app.log.error({ err }, 'session sweep failed'),
    );
  }, SESSION_SWEEP_MS);
  sweep.unref();
  // Scheduled ensayos: the attempts of joined students are made in batches before the start.
  const preparer = startScheduledExamPreparer({ db: database.db, log: app.log });

  const storage =
    database.kind === 'pglite'
      ? `embedded PGlite in ${config.dataDir}`
      : 'PostgreSQL (DATABASE_URL)';
  const lines = [
    '',
    `  Ensaya is running at ${config.appUrl}`,
    `  API docs: ${config.appUrl}/api/docs   Database: ${storage}`,
    config.smtpUrl
      ? '  Mail: sent over SMTP (SMTP_URL)'
      : config.env === 'production'
        ? '  Mail: no SMTP_URL, so mail waits in the mail_outbox table'
        : `  Mail: no SMTP_URL; read the mail at ${config.appUrl}/dev/mail`,
  ];
  if (demoAccounts.length > 0) {
    lines.push('  Demo accounts:');
    for (const account of demoAccounts) {
      lines.push(
        `    ${account.email.padEnd(24)} ${account.password.padEnd(14)} ${account.description}`,
      );
    }
  }
  console.log(lines.join('\n') + '\n');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: finishing requests in flight, then stopping`);
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    clearInterval(sweep);
    await preparer.stop();
    // The database closes after the app: the app's own close hooks (Fastify runs them last added
    // first) still write, e.g. the population drain folds what is queued.
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError || error instanceof DataDirInUseError ? error.message : error,
  );
  process.exit(1);
});
