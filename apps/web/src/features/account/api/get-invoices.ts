import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceListResponse } from '@ensaya/core/contracts/subscriptions';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export type InvoicePage = z.infer<typeof InvoiceListResponse>;
export type InvoiceRow = InvoicePage['data'][number];

export const INVOICES_PAGE_SIZE = 10;
/** The most invoices one request may ask for (the contract's `per_page` limit). */
const MAX_PAGE_SIZE = 100;

export const invoicesQueryKey = ['invoices'] as const;

/** `GET api/invoices`: one page of the student's invoices, newest first. */
export function getInvoices(page: number, perPage = INVOICES_PAGE_SIZE): Promise<InvoicePage> {
  return api.get<InvoicePage>('/api/invoices', { query: { page, per_page: perPage } });
}

export const invoicesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...invoicesQueryKey, 'page', { page }] as const,
    queryFn: () => getInvoices(page),
    placeholderData: keepPreviousData,
  });

export function useInvoices(page: number) {
  return useQuery(invoicesQueryOptions(page));
}

/**
 * When each open invoice is charged again, by subscription: the "payment declined" notice names
 * that date. A subscription's answer does not carry it, so the newest invoices are read once,
 * and only when some subscription has that notice.
 */
export function useRetryDates(isNeeded: boolean) {
  return useQuery({
    queryKey: [...invoicesQueryKey, 'retry-dates'] as const,
    queryFn: () => getInvoices(1, MAX_PAGE_SIZE),
    enabled: isNeeded,
    select: (page) => {
      const dates = new Map<number, string>();
      for (const invoice of page.data) {
        if (
          invoice.status === 'open' &&
          invoice.next_attempt_at &&
          !dates.has(invoice.subscription_id)
        )
          dates.set(invoice.subscription_id, invoice.next_attempt_at);
      }
      return dates;
    },
  });
}
