// Migrates and seeds a PostgreSQL database for e2e/scheduled-exam-servers.spec.ts's own servers:
// the demo catalogue, question bank and accounts, without the demo history of attempts (half a
// minute of inserts that nothing there reads). Run by Node (type stripping) in a process of its
// own: `node e2e/support/seed-cluster.ts <database url>`.
import { createDatabase } from '../../apps/api/src/db/client.ts';
import { seedDemoAccounts } from '../../apps/api/src/seed/demo-accounts.ts';
import { seedDemoBank } from '../../apps/api/src/seed/demo-bank.ts';
import { seedDemoCatalog } from '../../apps/api/src/seed/demo-catalog.ts';
import { seedReferenceData } from '../../apps/api/src/seed/reference.ts';
import { saveSettingValue } from '../../apps/api/src/areas/content/bank/repo.ts';
import { RICH_TEXT_RENDERER_VERSION } from '../../apps/api/src/areas/content/bank/rerender-stored.ts';

const databaseUrl = process.argv[2];
if (!databaseUrl) throw new Error('usage: node e2e/support/seed-cluster.ts <database url>');
const seeding = await createDatabase({ databaseUrl });
try {
  await seeding.migrate();
  await seeding.db.transaction(async (tx) => {
    await seedReferenceData(tx);
    await seedDemoCatalog(tx);
    await seedDemoBank(tx);
    await seedDemoAccounts(tx);
    // Rendered just now by the current renderer: the servers need not render it again at start.
    await saveSettingValue(tx, 'rich_text_renderer_version', RICH_TEXT_RENDERER_VERSION);
  });
} finally {
  await seeding.close();
}
