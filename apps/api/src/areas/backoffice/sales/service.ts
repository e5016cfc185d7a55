import type { z } from 'zod';
import type {
  AdminPackageCreate,
  AdminPackagePatch,
  AdminPackageQuery,
  AdminPromoCodeCreate,
  AdminPromoCodePatch,
  AdminPromoCodeQuery,
} from '@ensaya/core/contracts/admin';
import type { Db } from '../../../db/client.ts';
import { AppError, fieldError, notFound } from '../../../lib/app-error.ts';
import { guardWrite } from '../../../lib/db-errors.ts';
import { optionalText, pageMeta, pageOf } from '../../../lib/admin-pages.ts';
import { findStandardTest } from '../catalog/repo.ts';
import * as repo from './repo.ts';

const found = <T>(row: T | undefined): T => {
  if (!row) throw notFound();
  return row;
};

// --- Packages ---

const presentPackage = (row: repo.PackageRow) => ({
  id: row.id,
  standard_test_id: row.standardTestId,
  name: row.name,
  description: row.description,
  name_en: row.nameEn,
  description_en: row.descriptionEn,
  duration_days: row.durationDays,
  price_clp: row.priceClp,
  subjects_quantity: row.subjectsQuantity,
  trial_period_days: row.trialPeriodDays,
  is_active: row.isActive,
  position: row.position,
  subject_ids: row.subjectIds,
});

export async function listPackages(db: Db, query: z.infer<typeof AdminPackageQuery>) {
  const { rows, total } = await repo.listPackages(db, {
    ...query,
    standardTestId: query.standard_test_id,
    page: pageOf(query),
  });
  return { data: rows.map(presentPackage), meta: pageMeta(query, total) };
}

export async function getPackage(db: Db, id: number) {
  return presentPackage(found(await repo.findPackage(db, id)));
}

async function checkSubjects(db: Db, standardTestId: number, subjectIds: number[]) {
  const unique = [...new Set(subjectIds)];
  if ((await repo.countSubjectsOfTest(db, standardTestId, unique)) !== unique.length)
    throw fieldError('subject_ids', 'admin.packageSubjects');
}

export async function createPackage(db: Db, body: AdminPackageCreate) {
  if (!(await findStandardTest(db, body.standard_test_id)))
    throw fieldError('standard_test_id', 'content.standardTestUnknown');
  await checkSubjects(db, body.standard_test_id, body.subject_ids);
  const id = await db.transaction(async (tx) => {
    const row = await repo.insertPackage(tx, {
      standardTestId: body.standard_test_id,
      name: body.name,
      description: body.description ?? null,
      nameEn: optionalText(body.name_en) ?? null,
      descriptionEn: optionalText(body.description_en) ?? null,
      durationDays: body.duration_days,
      priceClp: body.price_clp,
      subjectsQuantity: body.subjects_quantity,
      trialPeriodDays: body.trial_period_days ?? 0,
      isActive: body.is_active ?? true,
      position: body.position ?? 0,
    });
    await repo.replacePackageSubjects(tx, row.id, body.subject_ids);
    return row.id;
  });
  return getPackage(db, id);
}

export async function updatePackage(db: Db, id: number, body: AdminPackagePatch) {
  const current = found(await repo.findPackage(db, id));
  if (body.subject_ids) await checkSubjects(db, current.standardTestId, body.subject_ids);
  await guardWrite(() =>
    db.transaction(async (tx) => {
      await repo.updatePackage(tx, id, {
        name: body.name,
        description: body.description,
        nameEn: optionalText(body.name_en),
        descriptionEn: optionalText(body.description_en),
        durationDays: body.duration_days,
        priceClp: body.price_clp,
        subjectsQuantity: body.subjects_quantity,
        trialPeriodDays: body.trial_period_days,
        isActive: body.is_active,
        position: body.position,
      });
      if (body.subject_ids) await repo.replacePackageSubjects(tx, id, body.subject_ids);
    }),
  );
  return getPackage(db, id);
}

/** A package somebody subscribed to stays (409): deactivate it instead. */
export async function deletePackage(db: Db, id: number) {
  found(await guardWrite(async () => ((await repo.deletePackage(db, id)) ? true : undefined)));
}

// --- Promo codes ---

const presentPromoCode = (row: repo.PromoCodeRow) => ({
  id: row.id,
  code: row.code,
  type: row.type,
  value: row.value,
  valid_from: row.validFrom.toISOString(),
  valid_until: row.validUntil?.toISOString() ?? null,
  max_uses: row.maxUses,
  used_count: row.redeemedCount,
  is_active: row.isActive,
});

const codeTaken = { field: 'code', key: 'admin.codeTaken' } as const;

export async function listPromoCodes(db: Db, query: z.infer<typeof AdminPromoCodeQuery>) {
  const { rows, total } = await repo.listPromoCodes(db, {
    ...query,
    isActive: query.is_active,
    page: pageOf(query),
  });
  return { data: rows.map(presentPromoCode), meta: pageMeta(query, total) };
}

export async function getPromoCode(db: Db, id: number) {
  return presentPromoCode(found(await repo.findPromoCode(db, id)));
}

const date = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

export async function createPromoCode(db: Db, body: AdminPromoCodeCreate) {
  // Without a start the window starts now, so an end in the past is out of order too.
  const from = date(body.valid_from) ?? new Date();
  const until = date(body.valid_until) ?? null;
  if (until && until <= from) throw fieldError('valid_until', 'admin.validityWindow');
  const row = await guardWrite(
    () =>
      repo.insertPromoCode(db, {
        code: body.code,
        type: body.type,
        value: body.value,
        validFrom: from,
        validUntil: until,
        maxUses: body.max_uses ?? null,
        isActive: body.is_active ?? true,
      }),
    codeTaken,
  );
  return presentPromoCode(row);
}

/** The merged code must still be valid: a percentage at most 100, the window in order. */
export async function updatePromoCode(db: Db, id: number, body: AdminPromoCodePatch) {
  const current = found(await repo.findPromoCode(db, id));
  const type = body.type ?? current.type;
  const value = body.value ?? current.value;
  if (type === 'percent' && value > 100) throw fieldError('value', 'admin.percentMax');
  const from = date(body.valid_from) ?? current.validFrom;
  const until = body.valid_until !== undefined ? date(body.valid_until) : current.validUntil;
  if (until && until <= from) throw fieldError('valid_until', 'admin.validityWindow');
  if (body.max_uses && body.max_uses < current.redeemedCount)
    throw new AppError(422, 'error.validation', { fields: { max_uses: ['validation.invalid'] } });
  const row = await guardWrite(
    () =>
      repo.updatePromoCode(db, id, {
        code: body.code,
        type: body.type,
        value: body.value,
        validFrom: date(body.valid_from) ?? undefined,
        validUntil: date(body.valid_until),
        maxUses: body.max_uses,
        isActive: body.is_active,
      }),
    codeTaken,
  );
  return presentPromoCode(found(row));
}

/** A redeemed code stays (409): deactivate it instead. */
export async function deletePromoCode(db: Db, id: number) {
  found(await guardWrite(async () => ((await repo.deletePromoCode(db, id)) ? true : undefined)));
}
