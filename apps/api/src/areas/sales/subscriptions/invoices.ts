import type { Db } from '../../../db/client.ts';
import * as repo from './repo.ts';

// The student's invoices.

export async function listInvoices(
  db: Db,
  userId: number,
  query: { page: number; per_page: number },
) {
  const { rows, total } = await repo.listUserInvoices(db, userId, {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: rows.map(({ invoice, packageName, packageNameEn }) => ({
      id: invoice.id,
      number: invoice.number,
      subscription_id: invoice.userSubscriptionId,
      package_name: packageName,
      package_name_en: packageNameEn,
      period_start: invoice.periodStart.toISOString(),
      period_end: invoice.periodEnd.toISOString(),
      net: invoice.net,
      discount: invoice.discount,
      vat: invoice.vat,
      total: invoice.total,
      status: invoice.status,
      attempt_count: invoice.attemptCount,
      next_attempt_at: invoice.nextAttemptAt?.toISOString() ?? null,
      paid_at: invoice.paidAt?.toISOString() ?? null,
      created_at: invoice.createdAt.toISOString(),
    })),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}
