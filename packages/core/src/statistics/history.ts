// The history list's paging, apart from its zod contract (contracts/statistics.ts) so that the web
// app's history read does not load zod with it.

/** The spec's paginator: 10 a page. */
export const HISTORY_PAGE_SIZE = 10;
