// `npm run dev`: the API with live reload (node --watch) on PORT (3000) and Vite's dev server on
// 5173, which proxies /api to the API. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const children = [
  ['api', ['--watch', 'apps/api/src/server.ts'], process.execPath],
  [
    'web',
    ['node_modules/vite/bin/vite.js', '--config', 'apps/web/vite.config.ts', 'apps/web'],
    process.execPath,
  ],
].map(([name, args, command]) => {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  const prefix = (chunk) => chunk.toString().replace(/^(?=.)/gm, `[${name}] `);
  child.stdout.on('data', (chunk) => process.stdout.write(prefix(chunk)));
  child.stderr.on('data', (chunk) => process.stderr.write(prefix(chunk)));
  child.on('exit', (code) => {
    console.log(`[${name}] exited with ${code}`);
    shutdown(code ?? 1);
  });
  return child;
});

let stopping = false;
function shutdown(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
