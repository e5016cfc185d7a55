// Statistics, dashboard and history latency (docs/architecture.md, "Performance budgets": p95 at 1M
// within 1.5x of 10k; p95 <= 20 ms over HTTP at 10 M attempts with 100 students).
//
//   npm run bench:stats         in process: a scratch database grown to 10k, 100k and 1M attempts,
//                               each endpoint timed through app.inject (bench/lib/stats-inject.mjs).
//   npm run bench:stats:http    over HTTP: a kept database of SCALE attempts (default 10 M, database
//                               bench_stats_10m), the server in its own process as `npm start` runs
//                               it, 100 signed-in students loading the pages' calls from this
//                               process (bench/lib/stats-http.mjs). QUICK=1: 100k attempts, short.
//
// PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
if (process.argv[2] === 'http') await import('./lib/stats-http.mjs');
else await import('./lib/stats-inject.mjs');
