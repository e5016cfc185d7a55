import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

// Servers of the end-to-end suite's own, for what the shared server cannot show: two API
// instances behind HAProxy (docs/haproxy.cfg itself) on a PostgreSQL database of their own, each
// of which a test may kill (SIGKILL) and start again on its port. Used by
// scheduled-exam-servers.spec.ts.

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER = path.join(ROOT, 'apps/api/src/server.ts');
const SEED = path.join(ROOT, 'e2e/support/seed-cluster.ts');
const HAPROXY_CONFIG = path.join(ROOT, 'docs/haproxy.cfg');
/** The PostgreSQL server the cluster's database is made on (the machine's, as in .ci/run). */
const POSTGRES_URL = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type InstanceName = 'api1' | 'api2';

interface Proc {
  child: ChildProcess;
  output: string[];
}

export interface Cluster {
  /** HAProxy's address: what the browser talks to. */
  url: string;
  /** SIGKILL: the instance stops at once, as a crashed process or a pulled cable. */
  kill: (name: InstanceName) => Promise<void>;
  /** Starts the instance again on its port; resolves once it serves through HAProxy. */
  start: (name: InstanceName) => Promise<void>;
  stop: () => Promise<void>;
}

/** Why the cluster cannot run here (no HAProxy, no PostgreSQL), or undefined. */
export async function clusterUnavailable(): Promise<string | undefined> {
  if (!findHaproxy()) return 'haproxy is not installed';
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return undefined;
  } catch (error) {
    return `no PostgreSQL at ${POSTGRES_URL} (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function findHaproxy(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin'];
  return dirs.map((dir) => path.join(dir, 'haproxy')).find((file) => existsSync(file));
}

async function freePorts(count: number): Promise<number[]> {
  const probes = await Promise.all(
    Array.from({ length: count }, async () => {
      const probe = createServer();
      await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
      return probe;
    }),
  );
  const ports = probes.map((probe) => (probe.address() as AddressInfo).port);
  await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  return ports;
}

async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function spawnProc(command: string, args: string[], env: NodeJS.ProcessEnv): Proc {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const proc: Proc = { child, output: [] };
  const keep = (chunk: Buffer) => {
    proc.output.push(chunk.toString());
    if (proc.output.length > 200) proc.output.shift();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return proc;
}

/** Resolves when `url` answers 200, trying every 100 ms for `timeoutMs`. */
async function untilHealthy(url: string, timeoutMs: number, describe: () => string) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(url)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    if (Date.now() > until) throw new Error(`${url} never answered:\n${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function killProc(proc: Proc | undefined, signal: NodeJS.Signals = 'SIGKILL') {
  if (!proc || proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  const exited = new Promise((resolve) => proc.child.once('exit', resolve));
  proc.child.kill(signal);
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
}

export async function startCluster(): Promise<Cluster> {
  const name = `ensaya_e2e_cluster_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await onServer(`CREATE DATABASE ${name}`);
  const databaseUrl = new URL(POSTGRES_URL);
  databaseUrl.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ensaya-e2e-cluster-'));
  const instances = new Map<InstanceName, Proc>();
  let haproxy: Proc | undefined;

  const stop = async () => {
    await killProc(haproxy);
    await Promise.all([...instances.values()].map((proc) => killProc(proc)));
    await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const seeded = spawnSync(process.execPath, [SEED, databaseUrl.toString()], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    if (seeded.status !== 0) throw new Error(`seeding failed:\n${seeded.stderr}`);

    const [api1, api2, balancer] = (await freePorts(3)) as [number, number, number];
    const ports: Record<InstanceName, number> = { api1, api2 };
    const url = `http://127.0.0.1:${balancer}`;
    const webDist = path.resolve(ROOT, process.env.WEB_DIST_DIR ?? 'apps/web/dist');

    const startInstance = async (instance: InstanceName) => {
      const proc = spawnProc(process.execPath, [SERVER], {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(ports[instance]),
        HOST: '127.0.0.1',
        APP_URL: url,
        DATABASE_URL: databaseUrl.toString(),
        REDIS_URL: '',
        DATA_DIR: dataDir,
        TRUST_PROXY: 'true',
        COOKIE_SECURE: 'false',
        PAYMENT_GATEWAY: 'sandbox',
        SEED_DEMO: 'false',
        SMTP_URL: '',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '10000',
        LOGIN_RATE_LIMIT_MAX: '1000',
        JOBS_INTERVAL_MS: '1000',
        ATTEMPT_SWEEP_INTERVAL_MS: '1000',
        WEB_DIST_DIR: webDist,
      });
      instances.set(instance, proc);
      await untilHealthy(`http://127.0.0.1:${ports[instance]}/api/health`, 90_000, () =>
        proc.output.join(''),
      );
    };
    await Promise.all([startInstance('api1'), startInstance('api2')]);

    haproxy = spawnProc(findHaproxy()!, ['-db', '-f', HAPROXY_CONFIG], {
      ...process.env,
      ENSAYA_LB_BIND: `127.0.0.1:${balancer}`,
      ENSAYA_API_1: `127.0.0.1:${api1}`,
      ENSAYA_API_2: `127.0.0.1:${api2}`,
      ENSAYA_CHECK_INTERVAL: '300ms',
    });
    await untilHealthy(`${url}/api/health`, 30_000, () => haproxy!.output.join(''));

    return {
      url,
      kill: async (instance) => killProc(instances.get(instance)),
      start: async (instance) => {
        await startInstance(instance);
        // HAProxy takes it back after two good checks (`rise 2`, every 300 ms).
        await new Promise((resolve) => setTimeout(resolve, 1000));
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
