// The closed-loop phases and the floor (bench/floor-server.mjs) of bench/classroom.mjs and
// bench/scheduled.mjs: a fixed number of connections sending back to back, and the floor loaded
// with the same students, rows and 2 s pattern as the app.
import { Pool } from 'undici';
import { countBy, sleep } from './run.mjs';
import { percentiles } from './measure.mjs';

/** A request to the floor (no cookies, no compression: it has neither). */
export async function timed(dispatcher, method, path, body) {
  const began = performance.now();
  try {
    const response = await dispatcher.request({
      path,
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    await response.body.arrayBuffer();
    return { status: response.statusCode, ms: performance.now() - began };
  } catch {
    return { status: 0, ms: performance.now() - began };
  }
}

/**
 * `concurrency` connections to `origin`, closed loop, for `seconds` (after one second of warm-up
 * not counted); `send(pool, j)` sends the j-th request and resolves with { status, ms }.
 */
export async function closedLoop(monitor, name, origin, { concurrency, seconds }, send) {
  const pool = new Pool(origin, { connections: concurrency, pipelining: 1 });
  monitor.begin(name);
  const began = performance.now();
  const countFrom = began + 1000;
  const ends = countFrom + seconds * 1000;
  const latencies = [];
  const statuses = new Map();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < ends) {
        const j = next++;
        const { status, ms: took } = await send(pool, j);
        if (performance.now() >= countFrom) {
          latencies.push(took);
          countBy(statuses, status);
        }
      }
    }),
  );
  const measured = (performance.now() - countFrom) / 1000;
  const phase = monitor.end();
  await pool.destroy();
  const ok = [...statuses]
    .filter(([status]) => status >= 200 && status < 300)
    .reduce((s, [, n]) => s + n, 0);
  return { name, perSecond: ok / measured, ok, statuses, ...percentiles(latencies), phase };
}

/**
 * The app's save and read at `concurrency` connections, closed loop, rotating through the
 * students (their attempts must be open).
 */
export async function appClosedLoops(monitor, origin, students, options) {
  const appSave = await closedLoop(monitor, 'app save @64', origin, options, async (pool, j) => {
    const student = students[j % students.length];
    const record = student.nextRecord();
    const response = await student.browser.request(
      'POST',
      `/api/user-tests/${student.attemptId}/stems`,
      { stems: [record] },
      pool,
    );
    if (response.status === 200) student.acknowledge([record]);
    return response;
  });
  const appRead = await closedLoop(monitor, 'app read @64', origin, options, (pool, j) => {
    const student = students[j % students.length];
    return student.browser.request('GET', `/api/user-tests/${student.attemptId}`, undefined, pool);
  });
  return { appSave, appRead };
}

/**
 * The floor: the same students and rows, the same pattern (one save every `intervalMs` each for
 * `durationS`), then `concurrency` connections closed loop for its save and its read.
 */
export async function runFloor(monitor, floorOrigin, students, options) {
  const { intervalMs, durationS } = options;
  const count = students.length;
  const questionCount = students[0].questions.length;
  const floorPool = new Pool(floorOrigin, { connections: count, pipelining: 1 });
  const floorSave = (dispatcher, student) => {
    const question = student.questions[student.answered++ % questionCount];
    return timed(dispatcher, 'POST', '/floor/save', {
      user_test_id: student.attemptId,
      position: question.position,
      chosen_choice_ids: question.choiceIds.slice(0, 1),
      client_seq: student.nextSeq(),
    });
  };
  const latencies = [];
  let made = 0;
  let served = 0;
  monitor.begin('floor save');
  const started = performance.now();
  const ends = started + durationS * 1000;
  await Promise.all(
    students.map(async (student, i) => {
      let due = started + (i / count) * intervalMs;
      while (due < ends) {
        await sleep(Math.max(0, due - performance.now()));
        made += 1;
        const madeAt = performance.now();
        const response = await floorSave(floorPool, student);
        if (response.status === 200) {
          served += 1;
          latencies.push(performance.now() - madeAt);
        }
        due += intervalMs;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  monitor.end();
  await floorPool.destroy();
  const floorSaveClosed = await closedLoop(
    monitor,
    'floor save @64',
    floorOrigin,
    options,
    (pool, j) => floorSave(pool, students[j % count]),
  );
  const floorReadClosed = await closedLoop(
    monitor,
    'floor read @64',
    floorOrigin,
    options,
    (pool, j) => timed(pool, 'GET', `/floor/attempt/${students[j % count].attemptId}`),
  );
  return {
    paced: percentiles(latencies),
    servedPerS: served / seconds,
    madePerS: made / seconds,
    floorSaveClosed,
    floorReadClosed,
  };
}
