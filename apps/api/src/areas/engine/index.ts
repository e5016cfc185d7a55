// Engine: tests being taken. Setup and start (practice, mock exam, retakes, wrong answers,
// diagnostic), answers, begin and timing (with accommodations), submit and scoring, scheduled
// ensayos with sealed content, and the first diagnostic.
// Public face: other areas import from this file only (lint: .dependency-cruiser.cjs).
export { accommodationRoutes } from './accommodations/routes.ts';
export { userTestRoutes } from './attempts/routes.ts';
export { startAttempt } from './attempts/start.ts';
export { submitAttempt } from './attempts/submit.ts';
export { startAttemptSweeper } from './attempts/sweeper.ts';
export { diagnosticRoutes } from './diagnostics/routes.ts';
export { startScheduledExamPreparer } from './scheduled-exams/prepare.ts';
export { unsentOf } from './scheduled-exams/progress-repo.ts';
export { remindScheduledExam } from './scheduled-exams/reminders.ts';
export { closeScheduledExam } from './scheduled-exams/results.ts';
export { scheduledExamRoutes } from './scheduled-exams/routes.ts';
export * as scheduledExamsRepo from './scheduled-exams/repo.ts';
