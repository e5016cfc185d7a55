import type { z } from 'zod';
import type {
  AdminContextCreate,
  AdminContextPatch,
  AdminContextQuery,
} from '@ensaya/core/contracts/admin';
import type { Db } from '../../../db/client.ts';
import { AppError, fieldError, notFound } from '../../../lib/app-error.ts';
import { isForeignKeyViolation } from '../../../lib/db-errors.ts';
import { pageMeta, pageOf } from '../../../lib/admin-pages.ts';
import {
  findSubject,
  presentContext,
  renderContext,
  bankRepo as repo,
} from '../../content/index.ts';

export async function listContexts(db: Db, query: z.infer<typeof AdminContextQuery>) {
  const { rows, total } = await repo.listContexts(
    db,
    { subjectId: query.subject_id, search: query.search },
    pageOf(query),
  );
  return { data: rows.map(presentContext), meta: pageMeta(query, total) };
}

export async function getContext(db: Db, id: number) {
  const row = await repo.findContext(db, id);
  if (!row) throw notFound();
  return presentContext(row);
}

export async function createContext(db: Db, body: AdminContextCreate) {
  if (!(await findSubject(db, body.subject_id)))
    throw fieldError('subject_id', 'content.subjectUnknown');
  const [row] = await repo.insertContexts(db, [
    { subjectId: body.subject_id, ...renderContext(body) },
  ]);
  return presentContext(row!);
}

export async function updateContext(db: Db, id: number, body: AdminContextPatch) {
  const current = await repo.findContext(db, id);
  if (!current) throw notFound();
  const row = await repo.updateContext(
    db,
    id,
    renderContext({ title: body.title ?? current.title, body: body.body ?? current.bodySource }),
  );
  return presentContext(row!);
}

/** A context that questions still use cannot go (409): detach or delete them first. */
export async function deleteContext(db: Db, id: number) {
  try {
    if (!(await repo.deleteContext(db, id))) throw notFound();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError(409, 'admin.inUse');
    throw error;
  }
}
