import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AttemptThemesResponse } from '@ensaya/core/contracts/engine';
import { api } from '../../../../lib/api-client.ts';

export type AttemptTheme = z.infer<typeof AttemptThemesResponse>['data'][number];

/** `GET /api/user-tests/{id}/themes`: a past attempt's themes with question counts. */
export async function getAttemptThemes(attemptId: number): Promise<AttemptTheme[]> {
  return (
    await api.get<z.infer<typeof AttemptThemesResponse>>(`/api/user-tests/${attemptId}/themes`)
  ).data;
}

export function useAttemptThemes(attemptId: number | null) {
  return useQuery({
    queryKey: ['user-tests', attemptId ?? 0, 'themes'],
    queryFn: () => getAttemptThemes(attemptId!),
    enabled: attemptId !== null,
  });
}
