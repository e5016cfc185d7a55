import { useSearchParams } from 'react-router';
import type { ListParams } from '../api/types.ts';

export const PAGE_SIZE = 20;

/**
 * A list's search, filters and page, kept in the address's query string so that coming back from
 * an editor (or reloading) shows the same page. Changing a filter or the search goes to page 1.
 */
export function useListParams(filterNames: readonly string[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const search = searchParams.get('search') ?? '';
  const filters: Record<string, string | undefined> = {};
  for (const name of filterNames) filters[name] = searchParams.get(name) ?? undefined;

  const params: ListParams = {
    page,
    per_page: PAGE_SIZE,
    search: search || undefined,
    ...filters,
  };

  function update(changes: Record<string, string | number | undefined>) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(name);
          else next.set(name, String(value));
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  }

  const numberFilter = (name: string) => {
    const value = filters[name];
    return value === undefined ? undefined : Number(value);
  };

  return { params, page, search, filters, numberFilter, update };
}
