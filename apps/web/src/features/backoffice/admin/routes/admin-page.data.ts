import type { QueryClient } from '@tanstack/react-query';
import type { PageAddress } from '../../../../app/lazy-page.ts';
import { prefetchForPage } from '../../../../lib/query-client.ts';
import { meQueryKey, type SessionUser } from '../../../../lib/session.ts';
import {
  adminKey,
  listQueryOptions,
  listRecords,
  type AdminResource,
} from '../api/admin-resource.ts';
import type { ListParams } from '../api/types.ts';
import { PAGE_SIZE } from '../lib/use-list-params.ts';

/** The back office's lists (`/admin/{resource}`), `/admin` itself opening the questions. */
const LISTS: readonly AdminResource[] = [
  'questions',
  'contexts',
  'subjects',
  'themes',
  'periods',
  'packages',
  'promo-codes',
  'standard-tests',
  'users',
];

/**
 * The list an admin opens at `/admin/...` (its page, search and filters from the address, as
 * `useListParams` reads them) and, on the questions, the subjects of the filter, started with the
 * session check (app/lazy-page.ts, `data`). Nothing for anyone else: the server would refuse.
 */
export function prefetchPageData(queryClient: QueryClient, address: PageAddress): void {
  if (queryClient.getQueryData<SessionUser | null>(meQueryKey)?.role !== 'admin') return;
  const segments = address.pathname.split('/').filter(Boolean);
  if (segments.length > 2) return;
  const resource = (segments[1] ?? 'questions') as AdminResource;
  if (!LISTS.includes(resource)) return;
  const search = new URLSearchParams(address.search);
  const params: ListParams = {
    ...Object.fromEntries(search),
    page: Math.max(1, Number(search.get('page')) || 1),
    per_page: PAGE_SIZE,
    search: search.get('search') || undefined,
  };
  void prefetchForPage(queryClient, listQueryOptions(resource, params));
  if (resource === 'questions')
    void prefetchForPage(queryClient, {
      queryKey: [...adminKey('subjects'), 'options', {}],
      queryFn: () => listRecords('subjects', { page: 1, per_page: 100 }),
      staleTime: 30_000,
    });
}
