import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@ensaya/core/contracts/statistics';
import { api } from '../../../../lib/api-client.ts';

/** `GET /api/dashboard`: everything the dashboard draws, in one call, from the aggregates. */
export async function getDashboard(): Promise<Dashboard> {
  return (await api.get<{ data: Dashboard }>('/api/dashboard')).data;
}

export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard'] as const, queryFn: getDashboard });

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
