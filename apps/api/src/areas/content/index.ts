// Content: the question bank. Subjects, themes and questions as the engine reads them, rich
// text rendered to safe HTML once at save, and the bank's import and export (Moodle XML, GIFT,
// the bank JSON).
// Public face: other areas import from this file only (lint: .dependency-cruiser.cjs).
export {
  CONTENT_PATH,
  ContentEntry,
  FragmentCache,
  attemptContentKey,
  buildContentBody,
  contentGrant,
  pickEncoding,
} from './bank/attempt-content.ts';
export type { BankState } from './bank/attempt-content.ts';
export { presentContext, presentQuestion } from './bank/present.ts';
export { insertBank, renderContext } from './bank/questions.ts';
export { renderRichText } from './bank/render-rich-text.ts';
export { likePattern } from './bank/repo.ts';
export { markRichTextCurrentIfEmpty, rerenderStoredRichText } from './bank/rerender-stored.ts';
export { contentRoutes } from './bank/routes.ts';
export { parseBankDocument } from './import-export/bank-json.ts';
export type { ParsedFile } from './import-export/parsed.ts';
export { questionImportRoutes } from './import-export/routes.ts';
export * as bankRepo from './bank/repo.ts';
export * as bankQuestions from './bank/questions.ts';
export { findSubject } from './bank/repo.ts';
