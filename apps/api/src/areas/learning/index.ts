// Learning: the spaced review of missed questions (FSRS cards and the daily queue).
// Public face: other areas import from this file only (lint: .dependency-cruiser.cjs).
export { dueStems, recordReviewAnswers, recordScheduledExamReviewAnswers } from './review/repo.ts';
export { reviewRoutes } from './review/routes.ts';
