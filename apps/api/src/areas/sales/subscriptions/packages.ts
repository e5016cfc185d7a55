import type { Db, DbOrTx } from '../../../db/client.ts';
import { notFound } from '../../../lib/app-error.ts';
import { presentPackage } from './present.ts';
import * as repo from './repo.ts';
import { usedTrialTests } from './trial-claims.ts';

// The packages a student may subscribe to (public reads).

/**
 * The packages for sale; for a signed-in student, each says whether a trial is still offered to
 * them (the price table promised a trial to students who had had theirs).
 */
export async function listPackages(db: Db, standardTestId?: number, userId?: number) {
  const packs = (await repo.listPackages(db, standardTestId)).map(presentPackage);
  if (userId === undefined) return packs;
  const used = await usedTrialTests(db, userId);
  return packs.map((pack) => ({ ...pack, trial_available: !used.has(pack.standard_test_id) }));
}

export async function activePackage(db: DbOrTx, id: number) {
  const pack = await repo.findPackage(db, id);
  if (!pack || !pack.isActive) throw notFound();
  return pack;
}

export async function getPackage(db: Db, id: number) {
  return presentPackage(await activePackage(db, id));
}

/** `api/packages/{id}/max-subjects`: {id} is the standard test's (spec 000 section 7). */
export async function maxSubjects(db: Db, standardTestId: number) {
  const test = await repo.findStandardTest(db, standardTestId);
  if (!test) throw notFound();
  return [{ standard_test_id: test.id, maxSubjects: test.maxSubjects }];
}

export async function packageSubjects(db: Db, packageId: number) {
  await activePackage(db, packageId);
  return (await repo.listPackageSubjects(db, packageId)).map((subject) => ({
    id: subject.id,
    name: subject.name,
    description: subject.description,
    description_en: subject.descriptionEn,
    standard_test_id: subject.standardTestId,
  }));
}
