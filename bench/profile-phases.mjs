// Where the server's CPU went in each phase of a bench/scheduled.mjs run: reads the run's output
// (its JSON line: phase bounds and the clock offset) and the server's CPU profile
// (SERVER_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=DIR"), and prints per phase the busy share and the
// functions with the most self time, and the packages / app modules with the most.
//
//   node bench/profile-phases.mjs run.log DIR/CPU.*.cpuprofile [phase …] [--top 15]
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const topIndex = args.indexOf('--top');
const top = topIndex >= 0 ? Number(args.splice(topIndex, 2)[1]) : 15;
const [logFile, profileFile, ...only] = args;
if (!logFile || !profileFile) {
  console.error('usage: node bench/profile-phases.mjs run.log file.cpuprofile [phase …] [--top N]');
  process.exit(2);
}
const jsonLine = readFileSync(logFile, 'utf8')
  .split('\n')
  .find((line) => line.startsWith('JSON '));
if (!jsonLine) throw new Error(`${logFile}: no JSON line`);
const summary = JSON.parse(jsonLine.slice(5));
const profile = JSON.parse(readFileSync(profileFile, 'utf8'));
const offset = summary.epochMinusMonotonicMs;

const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
/** Where a function lives: a package, an app module, Node itself, or V8's own entries. */
function placeOf(frame) {
  const url = frame.url ?? '';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const app = /\/(apps|packages)\/([^/]+)\/src\/(?:modules\/)?([^/]+)/.exec(url);
  if (app) return `${app[1]}/${app[2]}/${app[3]}`;
  if (url.startsWith('node:')) return url.replace(/^node:/, 'node:');
  return frame.functionName ? `(${frame.functionName})` : '(anonymous)';
}
const label = (frame) =>
  `${frame.functionName || '(anonymous)'} ${placeOf(frame)}:${frame.lineNumber + 1}`;

let time = profile.startTime;
const samples = profile.samples.map((id, i) => {
  time += profile.timeDeltas[i];
  return { id, at: time / 1000 + offset, ms: profile.timeDeltas[i + 1] / 1000 || 0 };
});

for (const phase of summary.phases) {
  if (only.length > 0 && !only.includes(phase.name)) continue;
  const inside = samples.filter((s) => s.at >= phase.beganAt && s.at < phase.endedAt);
  const byFunction = new Map();
  const byPlace = new Map();
  let busy = 0;
  for (const sample of inside) {
    const frame = nodes.get(sample.id).callFrame;
    if (frame.functionName === '(idle)') continue;
    busy += sample.ms;
    const name = label(frame);
    byFunction.set(name, (byFunction.get(name) ?? 0) + sample.ms);
    const place = placeOf(frame);
    byPlace.set(place, (byPlace.get(place) ?? 0) + sample.ms);
  }
  const wall = phase.endedAt - phase.beganAt;
  console.log(
    `\n${phase.name}: ${(wall / 1000).toFixed(1)} s, main thread busy ${(busy / 1000).toFixed(2)} s (${((busy / wall) * 100).toFixed(0)} %)`,
  );
  const list = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => `    ${((ms / busy) * 100).toFixed(1).padStart(5)} %  ${name}`)
      .join('\n');
  console.log(`  self time by place:\n${list(byPlace)}`);
  console.log(`  self time by function:\n${list(byFunction)}`);
}
