import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceListResponse } from '@ensaya/core/contracts/subscriptions';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export type Invoice = z.infer<typeof InvoiceListResponse>['data'][number];

/** The newest invoices are enough to find the open one of a subscription. */
const RECENT = 20;

/** `GET api/invoices`: the student's invoices, newest first. */
export async function getRecentInvoices(): Promise<Invoice[]> {
  return (
    await api.get<z.infer<typeof InvoiceListResponse>>('/api/invoices', {
      query: { page: 1, per_page: RECENT },
    })
  ).data;
}

/** Under `invoices`, as the account's invoice table: a status change there refreshes this too. */
export const recentInvoicesQueryOptions = () =>
  queryOptions({ queryKey: ['invoices', 'recent'], queryFn: getRecentInvoices });

/** The open invoice of a subscription (a declined charge waiting for its retry), if any. */
export function useOpenInvoice(subscriptionId: number, isEnabled: boolean) {
  return useQuery({
    ...recentInvoicesQueryOptions(),
    enabled: isEnabled,
    select: (invoices) =>
      invoices.find(
        (invoice) => invoice.subscription_id === subscriptionId && invoice.status === 'open',
      ) ?? null,
  });
}
