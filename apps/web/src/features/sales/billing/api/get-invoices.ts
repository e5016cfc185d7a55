import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceListResponse } from '@ensaya/core/contracts/subscriptions';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';

export type InvoicePage = z.infer<typeof InvoiceListResponse>;
export type InvoiceRow = InvoicePage['data'][number];

export const INVOICES_PAGE_SIZE = 10;
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
