// An attempt's type and mode (docs/domain.md, "Glossary"), defined once for the database, the API
// and the web app.

/** What produced the attempt. `diagnostic`: a subject's first diagnostic, once per student. */
export const TEST_MODES = [
  'practice',
  'mock_exam',
  'historical',
  'wrong_answers',
  'diagnostic',
] as const;
export type TestMode = (typeof TEST_MODES)[number];

/** How it is scored: `custom` as a percentage (practice, wrong answers), `official` by the grade table. */
export const TEST_TYPES = ['custom', 'official'] as const;
export type TestType = (typeof TEST_TYPES)[number];
