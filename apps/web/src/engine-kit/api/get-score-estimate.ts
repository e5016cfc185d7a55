import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScoreEstimate } from '@ensaya/core/contracts/score-estimate';
import { api } from '../../lib/api-client.ts';

/**
 * `GET /api/score-estimate`: the indicative PAES score estimate (all the student's PAES tests, or
 * one with `subjectId`) and the CL + M1 application average.
 */
export async function getScoreEstimate(subjectId: number | null): Promise<ScoreEstimate> {
  return (
    await api.get<{ data: ScoreEstimate }>('/api/score-estimate', {
      query: subjectId === null ? undefined : { subject_id: subjectId },
    })
  ).data;
}

export const scoreEstimateQueryOptions = (subjectId: number | null) =>
  queryOptions({
    // Under the statistics key, so that sending or deleting an attempt refreshes it too.
    queryKey: ['statistics', 'score-estimate', subjectId] as const,
    queryFn: () => getScoreEstimate(subjectId),
  });

export function useScoreEstimate(subjectId: number | null) {
  return useQuery(scoreEstimateQueryOptions(subjectId));
}
