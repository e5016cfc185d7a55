// The floor for bench/classroom.mjs: what one save and one read of an attempt cost with nothing
// around them. A bare Fastify app (no plugins, no logging, no sessions, no validation) on the same
// PostgreSQL database as the app, with a pg.Pool of the app's size, and two routes:
//
//   POST /floor/save  {user_test_id, position, chosen_choice_ids, client_seq}
//        one indexed UPDATE of user_test_stems by its primary key (user_test_id, position)
//   GET  /floor/attempt/:id
//        one SELECT of the attempt row from user_tests by its primary key
//
// Started by classroom.mjs as its own process (never imported):
//   DATABASE_URL=postgres://… PORT=3202 [DATABASE_POOL_SIZE=10] node bench/floor-server.mjs
import Fastify from 'fastify';
import pg from 'pg';

// The app's pool size (apps/api/src/db/client.ts): 10 unless DATABASE_POOL_SIZE says otherwise.
const POOL_SIZE = Number(process.env.DATABASE_POOL_SIZE || 10);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: POOL_SIZE });
const app = Fastify({ logger: false });

app.post('/floor/save', async (request) => {
  const { user_test_id, position, chosen_choice_ids, client_seq } = request.body;
  const result = await pool.query(
    'UPDATE user_test_stems SET chosen_choice_ids = $3, client_seq = $4 WHERE user_test_id = $1 AND position = $2',
    [user_test_id, position, chosen_choice_ids, client_seq],
  );
  return { updated: result.rowCount };
});

app.get('/floor/attempt/:id', async (request, reply) => {
  const result = await pool.query(
    'SELECT id, user_id, subject_id, period_id, type, mode, status, started_at, begun_at, deadline_at, submitted_at FROM user_tests WHERE id = $1',
    [Number(request.params.id)],
  );
  if (result.rows.length === 0) return reply.status(404).send({ message: 'not found' });
  return { data: result.rows[0] };
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3202) });
console.log(`floor listening (pool ${POOL_SIZE})`);

const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
