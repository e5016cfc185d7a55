import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { packageSubjects, packages, promoCodes, subjects } from '../../../db/schema/index.ts';
import { listPage, nameLike, whereAll, type Page } from '../catalog/repo.ts';

export type PackageRow = typeof packages.$inferSelect & { subjectIds: number[] };
export type PromoCodeRow = typeof promoCodes.$inferSelect;

async function withSubjects(
  db: DbOrTx,
  rows: Array<typeof packages.$inferSelect>,
): Promise<PackageRow[]> {
  if (rows.length === 0) return [];
  const links = await db
    .select()
    .from(packageSubjects)
    .where(
      inArray(
        packageSubjects.packageId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(packageSubjects.subjectId));
  return rows.map((row) => ({
    ...row,
    subjectIds: links.filter((link) => link.packageId === row.id).map((link) => link.subjectId),
  }));
}

export async function listPackages(
  db: DbOrTx,
  args: {
    search?: string | undefined;
    sort: 'position' | 'id' | 'name' | 'price_clp';
    page: Page;
    standardTestId?: number | undefined;
  },
) {
  const where = whereAll(
    nameLike(packages.name, args.search),
    args.standardTestId !== undefined && eq(packages.standardTestId, args.standardTestId),
  );
  const column = args.sort === 'price_clp' ? packages.priceClp : packages[args.sort];
  const { rows, total } = await listPage(db, packages, where, column, packages.id, args.page);
  return { rows: await withSubjects(db, rows), total };
}

export async function findPackage(db: DbOrTx, id: number) {
  const rows = await db.select().from(packages).where(eq(packages.id, id)).limit(1);
  return (await withSubjects(db, rows))[0];
}

/** How many of the ids are subjects of the standard test. */
export async function countSubjectsOfTest(db: DbOrTx, standardTestId: number, ids: number[]) {
  return db.$count(
    subjects,
    and(eq(subjects.standardTestId, standardTestId), inArray(subjects.id, ids)),
  );
}

export async function insertPackage(db: DbOrTx, values: typeof packages.$inferInsert) {
  const [row] = await db.insert(packages).values(values).returning();
  return row!;
}

export async function updatePackage(
  db: DbOrTx,
  id: number,
  values: Partial<typeof packages.$inferInsert>,
) {
  const [row] = await db
    .update(packages)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(packages.id, id))
    .returning();
  return row;
}

export async function replacePackageSubjects(db: DbOrTx, packageId: number, subjectIds: number[]) {
  await db.delete(packageSubjects).where(eq(packageSubjects.packageId, packageId));
  await db
    .insert(packageSubjects)
    .values([...new Set(subjectIds)].map((subjectId) => ({ packageId, subjectId })));
}

export async function deletePackage(db: DbOrTx, id: number) {
  return (await db.delete(packages).where(eq(packages.id, id)).returning()).length > 0;
}

export function listPromoCodes(
  db: DbOrTx,
  args: {
    search?: string | undefined;
    sort: 'id' | 'code' | 'valid_from';
    page: Page;
    isActive?: boolean | undefined;
  },
) {
  const where = whereAll(
    nameLike(promoCodes.code, args.search),
    args.isActive !== undefined && eq(promoCodes.isActive, args.isActive),
  );
  const column = args.sort === 'valid_from' ? promoCodes.validFrom : promoCodes[args.sort];
  return listPage(db, promoCodes, where, column, promoCodes.id, args.page);
}

export async function findPromoCode(db: DbOrTx, id: number) {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id)).limit(1);
  return row;
}

export async function insertPromoCode(db: DbOrTx, values: typeof promoCodes.$inferInsert) {
  const [row] = await db.insert(promoCodes).values(values).returning();
  return row!;
}

export async function updatePromoCode(
  db: DbOrTx,
  id: number,
  values: Partial<typeof promoCodes.$inferInsert>,
) {
  const [row] = await db.update(promoCodes).set(values).where(eq(promoCodes.id, id)).returning();
  return row;
}

export async function deletePromoCode(db: DbOrTx, id: number) {
  return (await db.delete(promoCodes).where(eq(promoCodes.id, id)).returning()).length > 0;
}
