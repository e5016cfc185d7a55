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
 * Polls a process's memory every `intervalMs` and keeps the highest RSS seen per phase; also
 * measures, per phase, the process's CPU and this (the generator's) process's CPU and event-loop
 * delay.
 */
export class PhaseMonitor {
  constructor(pid, intervalMs = 200) {
    this.pid = pid;
    this.phases = new Map();
    this.current = undefined;
    this.loop = monitorEventLoopDelay({ resolution: 10 });
    this.loop.enable();
    this.timer = setInterval(() => this.sample(), intervalMs);
    this.timer.unref();
  }
  sample() {
    const { rss } = memoryOf(this.pid);
    if (this.current && Number.isFinite(rss))
      this.current.peakRss = Math.max(this.current.peakRss, rss);
    return rss;
  }
  begin(name) {
    this.end();
    this.loop.reset();
    this.current = {
      name,
      began: performance.now(),
      peakRss: this.sample() || 0,
      serverCpu: cpuSecondsOf(this.pid),
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
    const result = {
      name: phase.name,
      seconds,
      peakRss: phase.peakRss,
      rssAtEnd: memoryOf(this.pid).rss,
      serverCpuPct: ((cpuSecondsOf(this.pid) - phase.serverCpu) / seconds) * 100,
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
    this.loop.disable();
  }
}
