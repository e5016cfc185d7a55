// Paging of the back office's lists: `?page=&per_page=&sort=&order=` in, `meta` out.

export type AdminPageQuery<S extends string> = {
  page: number;
  per_page: number;
  sort: S;
  order: 'asc' | 'desc';
};

export function pageOf<S extends string>(query: AdminPageQuery<S>) {
  return {
    sort: query.sort,
    order: query.order,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  };
}

export function pageMeta(query: AdminPageQuery<string>, total: number) {
  return { page: query.page, per_page: query.per_page, total };
}

/** An optional English text of the back office: blank stores null, so the Spanish one shows. */
export const optionalText = (value: string | null | undefined) =>
  value === undefined ? undefined : value?.trim() ? value.trim() : null;
