// Small measuring tools for bench/classroom.mjs: percentiles, a process's memory and CPU read from
// /proc, and the load generator's own CPU and event-loop delay (to show it is not the bottleneck).
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export function percentiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p) =>
    sorted.length === 0
      ? NaN
      : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  return { n: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: sorted.at(-1) ?? NaN };
}

export const ms = (value) => (Number.isFinite(value) ? value.toFixed(value < 10 ? 1 : 0) : '–');
export const mb = (kb) => (Number.isFinite(kb) ? `${(kb / 1024).toFixed(0)} MB` : '–');

/** VmRSS and VmHWM (peak) of a process, in kB. */
export function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
    return { rss: field('VmRSS'), hwm: field('VmHWM') };
  } catch {
    return { rss: NaN, hwm: NaN };
  }
}

/** User + system CPU time of a process, in seconds. */
export function cpuSecondsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat (11 and 12 after the command name), in ticks.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/**
 * Polls the server's memory every `intervalMs` and keeps the highest RSS seen per phase; also
 * measures, per phase, the server's CPU, this (the generator's) process's CPU and event-loop delay,
 * and, once `watchDatabase` was called, the CPU of the PostgreSQL backends serving the database.
 * `pids` is one process or several (instances behind a balancer: CPU summed, RSS the highest of
 * one instance and the sum); `watchProcess` adds another process (HAProxy) whose CPU is reported
 * apart.
 */
export class PhaseMonitor {
  constructor(pids, intervalMs = 200) {
    this.pids = Array.isArray(pids) ? pids : [pids];
    this.pid = this.pids[0];
    this.others = new Map();
    this.phases = new Map();
    this.current = undefined;
    /** PostgreSQL backend pid → { cpu: last CPU seconds read, start: backend start (ms epoch) }. */
    this.backends = new Map();
    this.loop = monitorEventLoopDelay({ resolution: 10 });
    this.loop.enable();
    this.timer = setInterval(() => this.sample(), intervalMs);
    this.timer.unref();
  }
  /** Another process whose CPU per phase is reported apart (for example HAProxy). */
  watchProcess(name, pid) {
    this.others.set(name, pid);
  }
  /**
   * Follows the backends of the database `client` is connected to (but its own and those whose
   * application_name is `exclude`), refreshed every 250 ms.
   */
  watchDatabase(client, exclude = 'bench-generator') {
    const refresh = async () => {
      const { rows } = await client.query(
        `select pid, backend_start from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid()
           and coalesce(application_name, '') <> $1`,
        [exclude],
      );
      for (const row of rows)
        if (!this.backends.has(row.pid))
          this.backends.set(row.pid, {
            cpu: cpuSecondsOf(row.pid),
            firstCpu: cpuSecondsOf(row.pid),
            start: new Date(row.backend_start).getTime(),
          });
    };
    this.dbClient = client;
    // One refresh at a time (a slow answer must not pile queries on the client).
    let refreshing = false;
    this.dbTimer = setInterval(() => {
      if (refreshing) return;
      refreshing = true;
      void refresh()
        .catch(() => {})
        .finally(() => {
          refreshing = false;
        });
    }, 250);
    this.dbTimer.unref();
    return refresh();
  }
  sample() {
    let total = 0;
    let highest = 0;
    for (const pid of this.pids) {
      const { rss } = memoryOf(pid);
      if (Number.isFinite(rss)) {
        total += rss;
        highest = Math.max(highest, rss);
      }
    }
    for (const backend of this.backends.keys()) {
      const cpu = cpuSecondsOf(backend);
      if (Number.isFinite(cpu)) this.backends.get(backend).cpu = cpu;
    }
    if (this.current && highest > 0) {
      this.current.peakRss = Math.max(this.current.peakRss, highest);
      this.current.peakRssTotal = Math.max(this.current.peakRssTotal, total);
    }
    return highest;
  }
  serverCpu() {
    return this.pids.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0);
  }
  begin(name) {
    this.end();
    this.loop.reset();
    this.sample();
    this.current = {
      name,
      began: performance.now(),
      beganAt: Date.now(),
      peakRss: 0,
      peakRssTotal: 0,
      serverCpu: this.serverCpu(),
      others: new Map([...this.others].map(([other, pid]) => [other, cpuSecondsOf(pid)])),
      backends: new Map([...this.backends].map(([pid, backend]) => [pid, backend.cpu])),
      ownCpu: process.cpuUsage(),
    };
    this.sample();
  }
  end() {
    const phase = this.current;
    if (!phase) return undefined;
    this.sample();
    const seconds = (performance.now() - phase.began) / 1000;
    const own = process.cpuUsage(phase.ownCpu);
    const serverCpuSeconds = this.serverCpu() - phase.serverCpu;
    // A backend started during the phase counts from zero; one already there from the phase's
    // start from then, one found later from when it was found.
    let dbCpuSeconds = 0;
    for (const [pid, backend] of this.backends) {
      const before =
        phase.backends.get(pid) ?? (backend.start >= phase.beganAt - 50 ? 0 : backend.firstCpu);
      if (before !== undefined && Number.isFinite(backend.cpu))
        dbCpuSeconds += backend.cpu - before;
    }
    const others = {};
    for (const [other, pid] of this.others)
      others[other] = cpuSecondsOf(pid) - (phase.others.get(other) ?? NaN);
    const result = {
      name: phase.name,
      /** Wall-clock bounds (ms since the epoch), to cut a CPU profile by phase. */
      beganAt: phase.beganAt,
      endedAt: Date.now(),
      seconds,
      peakRss: phase.peakRss,
      peakRssTotal: phase.peakRssTotal,
      rssAtEnd: memoryOf(this.pid).rss,
      serverCpuSeconds,
      serverCpuPct: (serverCpuSeconds / seconds) * 100,
      dbCpuSeconds: this.dbClient ? dbCpuSeconds : NaN,
      others,
      generatorCpuPct: ((own.user + own.system) / 1e6 / seconds) * 100,
      generatorLoopP99Ms: this.loop.percentile(99) / 1e6,
    };
    this.phases.set(phase.name, result);
    this.current = undefined;
    return result;
  }
  stop() {
    this.end();
    clearInterval(this.timer);
    if (this.dbTimer) clearInterval(this.dbTimer);
    this.loop.disable();
  }
}
