// A student of bench/classroom.mjs and bench/scheduled.mjs: its browser, its attempt, the exam page's
// save queue (save-queue.ts) paced at one answer every INTERVAL_MS, and the check that every
// acknowledged answer is in the database as acknowledged.
import { Browser } from './browser.mjs';
import { countBy, sleep } from './run.mjs';

// The web client's first retry delay (save-queue.ts): a failed save is sent again after it.
export const RETRY_MS = 1000;

/** Each student's own address (X-Forwarded-For), from its index. */
export const addressOf = (index) =>
  `10.${100 + Math.floor(index / 62500)}.${Math.floor(index / 250) % 250}.${(index % 250) + 1}`;

// ---------------------------------------------------------------------------------------------
// The attempt and its content. Keep this part small: it is what changes when the attempt's shape
// changes (statements and choices moved to a `content_url`).

/**
 * The questions of a started attempt as [{ position, stemId, choiceIds }]: choices from the attempt
 * when it carries them (`choices` with ids, or `choice_ids`), otherwise from its content, found by
 * stem id anywhere in the content's JSON (any object with `choices` and `stem_id` or `id`).
 */
export function questionsOf(attempt, content) {
  const fromContent = new Map();
  const index = (node) => {
    if (Array.isArray(node)) node.forEach(index);
    else if (node && typeof node === 'object') {
      if (Array.isArray(node.choices) && (node.stem_id ?? node.id) !== undefined)
        fromContent.set(node.stem_id ?? node.id, node.choices);
      Object.values(node).forEach(index);
    }
  };
  if (content !== undefined) index(content);
  return attempt.questions.map((question) => {
    const choices =
      question.choices ?? question.choice_ids ?? fromContent.get(question.stem_id) ?? [];
    return {
      position: question.position,
      stemId: question.stem_id,
      choiceIds: choices.map((choice) => (typeof choice === 'object' ? choice.id : choice)),
    };
  });
}

export class Student {
  constructor(index, user, origin) {
    this.index = index;
    this.userId = user.id;
    this.email = user.email;
    this.browser = new Browser(origin, addressOf(index));
    this.attemptId = undefined;
    this.questions = [];
    this.lastSeq = 0;
    this.answered = 0;
    /** stem id → { seq, choiceIds } of the newest acknowledged record. */
    this.acknowledged = new Map();
    /** The save queue, as the exam page keeps it: stem id → { record, madeAt }. */
    this.pending = new Map();
    this.sending = false;
    this.closed = false;
  }
  /** The web client's sequence numbers (save-queue.ts nextSeq): the clock, always growing. */
  nextSeq() {
    this.lastSeq = Math.max(Date.now(), this.lastSeq + 1);
    return this.lastSeq;
  }
  /** The next answer: questions in order, then around again changing the answers. */
  nextRecord() {
    const question = this.questions[this.answered % this.questions.length];
    this.answered += 1;
    const choiceId = question.choiceIds[Math.floor(Math.random() * question.choiceIds.length)];
    return {
      stem_id: question.stemId,
      stem_choice_ids: choiceId === undefined ? [] : [choiceId],
      is_marked: false,
      seq: this.nextSeq(),
    };
  }
  acknowledge(records) {
    for (const record of records) {
      const known = this.acknowledged.get(record.stem_id);
      if (!known || known.seq < record.seq)
        this.acknowledged.set(record.stem_id, {
          seq: record.seq,
          choiceIds: record.stem_choice_ids,
        });
    }
  }
}

/**
 * One answer every `intervalMs` per student for `durationS`, spread evenly over the interval; each
 * page keeps one save in flight and sends what piled up meanwhile in the next one (save-queue.ts),
 * retrying after RETRY_MS on 5xx/429/network errors. What is still on its way at the end is
 * delivered (up to 60 s) before returning. A save's latency is from the answer to its
 * acknowledgement (queueing included).
 */
export async function runPacedSaves(students, { intervalMs, durationS }) {
  const saveLatencies = [];
  const requestLatencies = [];
  const refusals = new Map();
  let made = 0;
  let acknowledgedInWindow = 0;
  let requests = 0;
  let saving = true;
  const flush = async (student) => {
    if (student.sending || student.closed || student.pending.size === 0) return;
    student.sending = true;
    const batch = [...student.pending.values()].slice(0, 200);
    const response = await student.browser.request(
      'POST',
      `/api/user-tests/${student.attemptId}/stems`,
      { stems: batch.map((entry) => entry.record) },
    );
    requests += 1;
    requestLatencies.push(response.ms);
    student.sending = false;
    if (response.status === 200) {
      const now = performance.now();
      student.acknowledge(batch.map((entry) => entry.record));
      for (const entry of batch) {
        saveLatencies.push(now - entry.madeAt);
        if (saving) acknowledgedInWindow += 1;
        if (student.pending.get(entry.record.stem_id) === entry)
          student.pending.delete(entry.record.stem_id);
      }
      void flush(student);
    } else {
      countBy(refusals, response.status);
      if (response.status === 409 || response.status === 422) student.closed = true;
      else setTimeout(() => void flush(student), RETRY_MS);
    }
  };
  const count = students.length;
  const started = performance.now();
  const ends = started + durationS * 1000;
  await Promise.all(
    students.map(async (student, i) => {
      let due = started + (i / count) * intervalMs;
      while (due < ends) {
        await sleep(Math.max(0, due - performance.now()));
        if (student.closed) return;
        const record = student.nextRecord();
        made += 1;
        student.pending.set(record.stem_id, { record, madeAt: performance.now() });
        void flush(student);
        due += intervalMs;
      }
    }),
  );
  saving = false;
  const seconds = (performance.now() - started) / 1000;
  const drainUntil = performance.now() + 60_000;
  while (
    students.some((s) => !s.closed && (s.sending || s.pending.size > 0)) &&
    performance.now() < drainUntil
  )
    await sleep(100);
  const unacknowledged = students.reduce((sum, s) => sum + s.pending.size, 0);
  return {
    seconds,
    made,
    acknowledgedInWindow,
    requests,
    saveLatencies,
    requestLatencies,
    refusals,
    unacknowledged,
  };
}

/**
 * Every acknowledged answer (last acknowledged `seq` and choices per question) compared with
 * `user_test_stems`. Returns { lost, checked, storedByKey } (storedByKey: `attempt:stem` → row).
 */
export async function checkAcknowledged(db, students) {
  let lost = 0;
  let checked = 0;
  const { rows: stored } = await db.query(
    'select user_test_id, stem_id, chosen_choice_ids, client_seq, is_pilot from user_test_stems where user_test_id = any($1::bigint[])',
    [students.map((student) => student.attemptId)],
  );
  const storedByKey = new Map(stored.map((row) => [`${row.user_test_id}:${row.stem_id}`, row]));
  for (const student of students) {
    for (const [stemId, answer] of student.acknowledged) {
      checked += 1;
      const row = storedByKey.get(`${student.attemptId}:${stemId}`);
      const same =
        row &&
        Number(row.client_seq) === answer.seq &&
        row.chosen_choice_ids.length === answer.choiceIds.length &&
        row.chosen_choice_ids.every((id, k) => id === answer.choiceIds[k]);
      if (!same) lost += 1;
    }
  }
  return { lost, checked, storedByKey };
}

/**
 * Results not counting every acknowledged answer but those to the unscored pilot questions (PAES
 * mock exams hold 5; the student is not told which). `results`: Map student → result.
 */
export function resultsDisagreeing(results, storedByKey) {
  let disagreeing = 0;
  for (const [student, result] of results) {
    const scored = [...student.acknowledged.keys()].filter(
      (stemId) => !storedByKey.get(`${student.attemptId}:${stemId}`)?.is_pilot,
    );
    if (result.total - result.unanswered !== scored.length) disagreeing += 1;
  }
  return disagreeing;
}
