// Insights: what the student's attempts say. Statistics (own and population aggregates, the
// cached reads), history, the PAES score estimate and the item analysis of the bank.
// Public face: other areas import from this file only (lint: .dependency-cruiser.cjs).
export { historyRoutes } from './history/routes.ts';
export { refreshItemStats } from './item-analysis/item-stats-repo.ts';
export { itemAnalysisRoutes } from './item-analysis/routes.ts';
export { scoreEstimateRoutes } from './score-estimate/routes.ts';
export { applyAttemptToAggregates } from './statistics/aggregates.ts';
export {
  drainPopulationQueueFully,
  populationChanged,
  startPopulationDrain,
} from './statistics/population-queue.ts';
export { statisticsRoutes } from './statistics/routes.ts';
