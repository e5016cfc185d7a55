// Operations: the job runner (mail, billing, population statistics, item analysis, scheduled
// ensayos), the development clock's routes and the health check. It composes the areas below it.
// Public face: other areas import from this file only (lint: .dependency-cruiser.cjs).
export { healthRoutes } from './health/routes.ts';
export { jobRoutes } from './jobs/routes.ts';
