import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDatabase, DataDirInUseError } from './client.ts';

describe('embedded database on disk', () => {
  it('keeps data across a restart and refuses a second server on the same folder', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ensaya-db-'));
    const first = await createDatabase({ dataDir });
    await first.db.execute('create table kept (value text)');
    await first.db.execute("insert into kept values ('survives')");

    await expect(createDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirInUseError);
    await first.close();

    const second = await createDatabase({ dataDir });
    const result = (await second.db.execute('select value from kept')) as { rows: unknown[] };
    expect(result.rows).toEqual([{ value: 'survives' }]);
    await second.close();
  });
});
