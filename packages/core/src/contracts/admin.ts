import { z } from 'zod';
import { choiceKeyProblem, MAX_CHOICES, MIN_CHOICES } from '../content/choice-keys.ts';
import { themeWeightsShapeProblem } from '../content/theme-weights.ts';
import { APPROVAL_RULES } from '../engine/scoring.ts';
import { Id, IdParam, IdParams, queryInt } from './ids.ts';

// The back office's API (`/api/admin/...`, admin role only), shared by the API, which validates
// and documents with these schemas, and the web app's admin pages. Field names are snake_case.

const Name = z.string().trim().min(1).max(200);
const Description = z.string().trim().max(2000).nullable();
/** An English name: optional, empty (or blank) stores nothing and the Spanish one shows. */
const NameEn = z.string().trim().max(200).nullable();
/** Rich text source: HTML with TeX between \( \) or \[ \]. */
const RichText = z.string().max(50_000);

export const AdminIdParams = IdParams;

// --- Lists ----------------------------------------------------------------------------------

const QueryBoolean = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** `?search=&page=1&per_page=20&sort=<field>&order=asc|desc` plus the resource's filters. */
export function adminListQuery<
  const S extends readonly [string, ...string[]],
  F extends z.ZodRawShape,
>(sortFields: S, filters: F) {
  return z.object({
    search: z.string().trim().max(200).optional(),
    page: queryInt(1, 100_000).default(1),
    per_page: queryInt(1, 100).default(20),
    sort: z.enum(sortFields).default(sortFields[0]),
    order: z.enum(['asc', 'desc']).default('asc'),
    ...filters,
  });
}
const IdFilter = IdParam.optional();

export const PageMeta = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type PageMeta = z.infer<typeof PageMeta>;

const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: PageMeta });
const one = <T extends z.ZodType>(item: T) => z.object({ data: item });

// --- Standard tests -------------------------------------------------------------------------

export const AdminStandardTest = z.object({
  id: Id,
  name: z.string(),
  code: z.string(),
  max_subjects: z.number().int(),
});
export type AdminStandardTest = z.infer<typeof AdminStandardTest>;
export const AdminStandardTestQuery = adminListQuery(['id', 'name'], {});
export const AdminStandardTestPatch = z
  .object({ name: Name, max_subjects: z.number().int().min(1).max(20) })
  .partial()
  .strict();
export type AdminStandardTestPatch = z.infer<typeof AdminStandardTestPatch>;
export const AdminStandardTestList = listOf(AdminStandardTest);
export const AdminStandardTestResponse = one(AdminStandardTest);

// --- Subjects -------------------------------------------------------------------------------

export const AdminSubject = z.object({
  id: Id,
  standard_test_id: Id,
  name: z.string(),
  description: z.string().nullable(),
  description_en: z.string().nullable(),
  approval_grade: z.number().int(),
  /** What `approval_grade` means: `pass_mark`, `application_average` (PAES CL, M1) or `none`. */
  approval_rule: z.enum(APPROVAL_RULES),
  position: z.number().int(),
});
export type AdminSubject = z.infer<typeof AdminSubject>;
export const AdminSubjectQuery = adminListQuery(['position', 'id', 'name'], {
  standard_test_id: IdFilter,
});
export const AdminSubjectCreate = z
  .object({
    standard_test_id: Id,
    name: Name,
    description: Description.optional(),
    description_en: Description.optional(),
    approval_grade: z.number().int().min(0).max(1000),
    approval_rule: z.enum(APPROVAL_RULES).optional(),
    position: z.number().int().min(0).max(1000).optional(),
  })
  .strict();
export type AdminSubjectCreate = z.infer<typeof AdminSubjectCreate>;
export const AdminSubjectPatch = AdminSubjectCreate.omit({ standard_test_id: true }).partial();
export type AdminSubjectPatch = z.infer<typeof AdminSubjectPatch>;
export const AdminSubjectList = listOf(AdminSubject);
export const AdminSubjectResponse = one(AdminSubject);

// --- Periods and their theme weights --------------------------------------------------------

export const AdminPeriod = z.object({
  id: Id,
  subject_id: Id,
  name: z.string(),
  test_duration: z.number().int(),
  question_count: z.number().int(),
  is_current: z.boolean(),
});
export type AdminPeriod = z.infer<typeof AdminPeriod>;
export const AdminPeriodQuery = adminListQuery(['id', 'name'], { subject_id: IdFilter });
export const AdminPeriodCreate = z
  .object({
    subject_id: Id,
    name: Name,
    /** Minutes (spec 001, section 9: at most 12 hours). */
    test_duration: z.number().int().min(1).max(720),
    question_count: z.number().int().min(1).max(999),
    is_current: z.boolean().optional(),
  })
  .strict();
export type AdminPeriodCreate = z.infer<typeof AdminPeriodCreate>;
export const AdminPeriodPatch = AdminPeriodCreate.omit({ subject_id: true }).partial();
export type AdminPeriodPatch = z.infer<typeof AdminPeriodPatch>;
export const AdminPeriodList = listOf(AdminPeriod);
export const AdminPeriodResponse = one(AdminPeriod);

export const AdminPeriodThemeWeight = z.object({
  theme_id: Id,
  theme_name: z.string(),
  weight: z.number().int(),
  /** An elective theme: the common weights plus its weight add up to 100. */
  is_elective: z.boolean(),
});
export const AdminPeriodThemesResponse = z.object({ data: z.array(AdminPeriodThemeWeight) });
export const AdminPeriodThemesRequest = z
  .object({
    weights: z
      .array(z.object({ theme_id: Id, weight: z.number().int().min(0).max(100) }).strict())
      .max(100),
  })
  .strict()
  .superRefine(({ weights }, context) => {
    const problem = themeWeightsShapeProblem(
      weights.map((entry) => ({ themeId: entry.theme_id, weight: entry.weight })),
    );
    if (problem)
      context.addIssue({ code: 'custom', path: ['weights'], message: `content.${problem}` });
  });
export type AdminPeriodThemesRequest = z.infer<typeof AdminPeriodThemesRequest>;

// --- Themes ---------------------------------------------------------------------------------

export const AdminTheme = z.object({
  id: Id,
  subject_id: Id,
  name: z.string(),
  position: z.number().int(),
  /** An elective module (Ciencias): a mock exam takes the common themes and one elective. */
  is_elective: z.boolean(),
  question_count: z.number().int(),
});
export type AdminTheme = z.infer<typeof AdminTheme>;
export const AdminThemeQuery = adminListQuery(['position', 'id', 'name'], { subject_id: IdFilter });
export const AdminThemeCreate = z
  .object({
    subject_id: Id,
    name: Name,
    position: z.number().int().min(0).max(1000).optional(),
    is_elective: z.boolean().optional(),
  })
  .strict();
export type AdminThemeCreate = z.infer<typeof AdminThemeCreate>;
export const AdminThemePatch = AdminThemeCreate.omit({ subject_id: true }).partial();
export type AdminThemePatch = z.infer<typeof AdminThemePatch>;
export const AdminThemeList = listOf(AdminTheme);
export const AdminThemeResponse = one(AdminTheme);

// --- Grade tables ---------------------------------------------------------------------------

export const AdminGradeRow = z
  .object({
    good_answers_quantity: z.number().int().min(0).max(999),
    grade: z.number().int().min(0).max(1000),
  })
  .strict();
export type AdminGradeRow = z.infer<typeof AdminGradeRow>;
export const AdminGradesResponse = z.object({ data: z.array(AdminGradeRow) });
export const AdminGradesRequest = z
  .object({ grades: z.array(AdminGradeRow).max(1000) })
  .strict()
  .superRefine(({ grades }, context) => {
    const quantities = grades.map((row) => row.good_answers_quantity);
    if (new Set(quantities).size !== quantities.length)
      context.addIssue({ code: 'custom', path: ['grades'], message: 'content.gradesUnique' });
  });
export type AdminGradesRequest = z.infer<typeof AdminGradesRequest>;

// --- Contexts -------------------------------------------------------------------------------

export const AdminContext = z.object({
  id: Id,
  subject_id: Id,
  title: z.string(),
  body: z.string(),
  body_html: z.string(),
  render_errors: z.array(z.string()),
});
export type AdminContext = z.infer<typeof AdminContext>;
export const AdminContextQuery = adminListQuery(['id', 'title'], { subject_id: IdFilter });
export const AdminContextCreate = z
  .object({ subject_id: Id, title: Name, body: RichText.min(1) })
  .strict();
export type AdminContextCreate = z.infer<typeof AdminContextCreate>;
export const AdminContextPatch = AdminContextCreate.omit({ subject_id: true }).partial();
export type AdminContextPatch = z.infer<typeof AdminContextPatch>;
export const AdminContextList = listOf(AdminContext);
export const AdminContextResponse = one(AdminContext);

// --- Questions ------------------------------------------------------------------------------

export const AdminChoice = z.object({
  id: Id,
  body: z.string(),
  body_html: z.string(),
  is_correct: z.boolean(),
  position: z.number().int(),
});
export const AdminQuestion = z.object({
  id: Id,
  subject_id: Id,
  theme_id: Id,
  theme_name: z.string(),
  context_id: Id.nullable(),
  context_title: z.string().nullable(),
  statement: z.string(),
  statement_html: z.string(),
  solution: z.string(),
  solution_html: z.string(),
  is_multi_choice: z.boolean(),
  url_source: z.string().nullable(),
  stem_number: z.number().int(),
  is_active: z.boolean(),
  /** 1 easy, 2 medium, 3 hard, as authored (docs/content.md, "Difficulty"). */
  difficulty: z.number().int(),
  choices: z.array(AdminChoice),
  /** KaTeX messages of the formulas that could not be rendered (shown marked in the HTML). */
  render_errors: z.array(z.string()),
});
export type AdminQuestion = z.infer<typeof AdminQuestion>;
export const AdminQuestionQuery = adminListQuery(['stem_number', 'id'], {
  subject_id: IdFilter,
  theme_id: IdFilter,
  context_id: IdFilter,
  is_active: QueryBoolean.optional(),
});
export type AdminQuestionQuery = z.infer<typeof AdminQuestionQuery>;

const ChoiceWrite = z.object({ body: RichText.min(1), is_correct: z.boolean() }).strict();
const QuestionFields = z
  .object({
    theme_id: Id,
    context_id: Id.nullable().optional(),
    statement: RichText.min(1),
    solution: RichText.default(''),
    is_multi_choice: z.boolean().default(false),
    url_source: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .nullable()
      .optional(),
    stem_number: z.number().int().min(1).max(1_000_000).optional(),
    is_active: z.boolean().optional(),
    /** 1 easy, 2 medium, 3 hard; a new question without it is medium, an edit keeps it. */
    difficulty: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
    choices: z.array(ChoiceWrite).min(MIN_CHOICES).max(MAX_CHOICES),
  })
  .strict();

function checkChoiceKeys(
  body: { is_multi_choice?: boolean; choices?: Array<{ is_correct: boolean }> },
  context: z.RefinementCtx,
) {
  if (!body.choices || body.is_multi_choice === undefined) return;
  const problem = choiceKeyProblem(
    body.choices.map((choice) => ({ isCorrect: choice.is_correct })),
    body.is_multi_choice,
  );
  if (problem)
    context.addIssue({ code: 'custom', path: ['choices'], message: `content.${problem}` });
}

/** `POST /api/admin/questions`: choices in order; the key follows choiceKeyProblem. */
export const AdminQuestionCreate = QuestionFields.superRefine(checkChoiceKeys);
export type AdminQuestionCreate = z.infer<typeof AdminQuestionCreate>;
/** `PATCH`: any of the fields; the server checks the key of the question as it will be saved. */
export const AdminQuestionPatch = QuestionFields.partial()
  .extend({ solution: RichText.optional(), is_multi_choice: z.boolean().optional() })
  .superRefine(checkChoiceKeys);
export type AdminQuestionPatch = z.infer<typeof AdminQuestionPatch>;
export const AdminQuestionList = listOf(AdminQuestion);
export const AdminQuestionResponse = one(AdminQuestion);

export const AdminQuestionPreviewRequest = z
  .object({
    statement: RichText,
    solution: RichText.default(''),
    choices: z
      .array(z.object({ body: RichText }).strip())
      .max(MAX_CHOICES)
      .default([]),
  })
  .strip();
export type AdminQuestionPreviewRequest = z.infer<typeof AdminQuestionPreviewRequest>;
export const AdminQuestionPreviewResponse = z.object({
  data: z.object({
    statement_html: z.string(),
    solution_html: z.string(),
    choices_html: z.array(z.string()),
    render_errors: z.array(z.string()),
  }),
});

// --- Packages -------------------------------------------------------------------------------

export const AdminPackage = z.object({
  id: Id,
  standard_test_id: Id,
  name: z.string(),
  description: z.string().nullable(),
  name_en: z.string().nullable(),
  description_en: z.string().nullable(),
  duration_days: z.number().int(),
  /** Whole pesos, VAT included. */
  price_clp: z.number().int(),
  subjects_quantity: z.number().int(),
  trial_period_days: z.number().int(),
  is_active: z.boolean(),
  position: z.number().int(),
  subject_ids: z.array(Id),
});
export type AdminPackage = z.infer<typeof AdminPackage>;
export const AdminPackageQuery = adminListQuery(['position', 'id', 'name', 'price_clp'], {
  standard_test_id: IdFilter,
});
export const AdminPackageCreate = z
  .object({
    standard_test_id: Id,
    name: Name,
    description: Description.optional(),
    name_en: NameEn.optional(),
    description_en: Description.optional(),
    duration_days: z.number().int().min(1).max(3650),
    price_clp: z.number().int().min(0).max(100_000_000),
    subjects_quantity: z.number().int().min(1).max(20),
    trial_period_days: z.number().int().min(0).max(365).optional(),
    is_active: z.boolean().optional(),
    position: z.number().int().min(0).max(1000).optional(),
    subject_ids: z.array(Id).min(1).max(50),
  })
  .strict();
export type AdminPackageCreate = z.infer<typeof AdminPackageCreate>;
export const AdminPackagePatch = AdminPackageCreate.omit({ standard_test_id: true }).partial();
export type AdminPackagePatch = z.infer<typeof AdminPackagePatch>;
export const AdminPackageList = listOf(AdminPackage);
export const AdminPackageResponse = one(AdminPackage);

// --- Promo codes ----------------------------------------------------------------------------

export const AdminPromoCode = z.object({
  id: Id,
  code: z.string(),
  type: z.enum(['percent', 'amount']),
  value: z.number().int(),
  valid_from: z.string(),
  valid_until: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  used_count: z.number().int(),
  is_active: z.boolean(),
});
export type AdminPromoCode = z.infer<typeof AdminPromoCode>;
export const AdminPromoCodeQuery = adminListQuery(['id', 'code', 'valid_from'], {
  is_active: QueryBoolean.optional(),
});
const PromoFields = z
  .object({
    /** Stored upper-case. */
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{3,40}$/)
      .transform((code) => code.toUpperCase()),
    type: z.enum(['percent', 'amount']),
    /** Percent (1..100) or whole pesos. */
    value: z.number().int().min(1).max(100_000_000),
    valid_from: z.iso.datetime({ offset: true }).optional(),
    valid_until: z.iso.datetime({ offset: true }).nullable().optional(),
    max_uses: z.number().int().min(1).max(10_000_000).nullable().optional(),
    is_active: z.boolean().optional(),
  })
  .strict();
function checkPromo(
  body: { type?: string; value?: number; valid_from?: string; valid_until?: string | null },
  context: z.RefinementCtx,
) {
  if (body.type === 'percent' && body.value !== undefined && body.value > 100)
    context.addIssue({ code: 'custom', path: ['value'], message: 'admin.percentMax' });
  if (
    body.valid_from &&
    body.valid_until &&
    Date.parse(body.valid_until) <= Date.parse(body.valid_from)
  )
    context.addIssue({ code: 'custom', path: ['valid_until'], message: 'admin.validityWindow' });
}
export const AdminPromoCodeCreate = PromoFields.superRefine(checkPromo);
export type AdminPromoCodeCreate = z.infer<typeof AdminPromoCodeCreate>;
export const AdminPromoCodePatch = PromoFields.partial().superRefine(checkPromo);
export type AdminPromoCodePatch = z.infer<typeof AdminPromoCodePatch>;
export const AdminPromoCodeList = listOf(AdminPromoCode);
export const AdminPromoCodeResponse = one(AdminPromoCode);

// --- Settings -------------------------------------------------------------------------------

const Bilingual = z.object({
  es: z.string().trim().min(1).max(500),
  en: z.string().trim().min(1).max(500),
});

/**
 * One question of the cancel-flow questionnaire (`feedback_builder`), in the shape the seed writes
 * and the cancel flow reads: the question's text is `question: { es, en }`.
 */
export const FeedbackQuestion = z
  .object({
    key: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/),
    field_type: z.enum(['text', 'textarea', 'radio']),
    required: z.boolean(),
    question: Bilingual,
    options: z
      .array(z.object({ value: z.string().trim().min(1).max(100), label: Bilingual }).strict())
      .max(20)
      .optional(),
    max_length: z.number().int().min(1).max(5000).optional(),
  })
  .strict()
  .superRefine((question, context) => {
    if (question.field_type === 'radio' && !question.options?.length)
      context.addIssue({ code: 'custom', path: ['options'], message: 'admin.radioOptions' });
  });
export type FeedbackQuestion = z.infer<typeof FeedbackQuestion>;
export const FeedbackBuilderValue = z
  .array(FeedbackQuestion)
  .max(30)
  .superRefine((questions, context) => {
    const keys = questions.map((question) => question.key);
    if (new Set(keys).size !== keys.length)
      context.addIssue({ code: 'custom', path: [], message: 'admin.keysUnique' });
  });
export const AdminSettingKeyParams = z.object({ key: z.enum(['feedback_builder']) });
export const AdminFeedbackBuilderRequest = z.object({ value: FeedbackBuilderValue }).strict();
export const AdminSettingResponse = z.object({ data: FeedbackBuilderValue });

// --- Import and export ----------------------------------------------------------------------

export const ImportFormat = z.enum(['moodle', 'gift', 'json']);
export type ImportFormat = z.infer<typeof ImportFormat>;
/** The multipart fields besides `file`. */
export const ImportFields = z.object({
  format: ImportFormat,
  subject_id: IdParam,
  /** Default theme; a category whose last segment names a theme of the subject wins. */
  theme_id: IdParam,
  /** Import: `true` saves the questions it can and skips the others; otherwise any problem refuses all. */
  skip_unsupported: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  /** Preview: which page of the importable questions to render (1-based) and its size. */
  page: queryInt(1, 100_000).optional(),
  page_size: queryInt(1, 100).optional(),
});
export type ImportFields = z.infer<typeof ImportFields>;

export const ImportPreviewQuestion = z.object({
  index: z.number().int(),
  /** Line of the file where the question starts (null for JSON). */
  line: z.number().int().nullable(),
  theme_id: Id,
  theme_name: z.string(),
  statement_html: z.string(),
  is_multi_choice: z.boolean(),
  choices: z.array(z.object({ body_html: z.string(), is_correct: z.boolean() })),
  /** What the reader simplified, in the request's language (e.g. partial credit not kept). */
  notes: z.array(z.string()),
});
/** A question the import cannot take: unsupported type, or a problem (no key, missing image...). */
export const ImportProblem = z.object({
  index: z.number().int(),
  line: z.number().int().nullable(),
  /** The question's type as the file names it (`multichoice`, `essay`, `shortanswer`...). */
  kind: z.string(),
  unsupported: z.boolean(),
  /** The problem in the request's language, e.g. 'Pregunta 3 (línea 27): no tiene respuesta correcta'. */
  message: z.string(),
});
export const ImportSummary = z.object({
  /** Questions in the file (categories not counted). */
  total: z.number().int(),
  importable: z.number().int(),
  unsupported: z.number().int(),
  with_problems: z.number().int(),
  /** The text encoding read: `utf-8`, `windows-1252` (detected or declared) or `iso-8859-1`. */
  encoding: z.string(),
  /** Said when the file was not UTF-8 and was read as Windows-1252, in the request's language. */
  encoding_note: z.string().nullable(),
});
export const ImportPreviewResponse = z.object({
  data: z.object({
    summary: ImportSummary,
    /** The first problems (at most 500; `summary` has the counts). */
    problems: z.array(ImportProblem),
    /** One page of the importable questions, rendered. */
    questions: z.array(ImportPreviewQuestion),
    page: z.number().int(),
    page_size: z.number().int(),
    contexts: z.number().int(),
  }),
});
export const ImportResponse = z.object({
  data: z.object({ created: z.number().int(), skipped: z.array(ImportProblem) }),
  message: z.string(),
});

export const ExportFormat = z.enum(['json', 'moodle', 'gift']);
export type ExportFormat = z.infer<typeof ExportFormat>;
/** `ids` and `theme_ids`: comma-separated ids (at most 1000) selecting what to export. */
const IdList = z
  .string()
  .regex(/^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,999}$/, 'validation.invalid')
  .transform((value) => value.split(',').map(Number))
  .pipe(z.array(Id));
export const ExportQuery = z.object({
  format: ExportFormat.default('json'),
  ids: IdList.optional(),
  theme_ids: IdList.optional(),
});

/** `GET /api/admin/subjects/{id}/export`, read back by the `json` import: sources, not HTML. */
export const BankExport = z.object({
  format: z.literal('ensaya-bank'),
  version: z.literal(1),
  subject: z.object({ name: z.string(), description: z.string().nullable() }),
  themes: z.array(z.object({ name: z.string(), position: z.number().int() })),
  contexts: z.array(z.object({ key: z.string(), title: z.string(), body: z.string() })),
  questions: z.array(
    z.object({
      theme: z.string(),
      context: z.string().nullable(),
      statement: z.string(),
      solution: z.string(),
      is_multi_choice: z.boolean(),
      url_source: z.string().nullable(),
      is_active: z.boolean(),
      /** 1 easy, 2 medium, 3 hard: as authored, not as measured (docs/content.md). */
      difficulty: z.number().int(),
      choices: z.array(z.object({ body: z.string(), is_correct: z.boolean() })),
    }),
  ),
});
export type BankExport = z.infer<typeof BankExport>;

/**
 * What the `json` import (and the YAML bank files of `content/bank/`) read: the export's shape with
 * the authoring defaults, so a hand-written file says only what matters. Unknown fields (`kind`,
 * `check`, read by the bank linter) are ignored; the export keeps writing every field.
 */
export const BankImport = z.object({
  format: z.literal('ensaya-bank'),
  version: z.literal(1),
  subject: z.object({ name: z.string(), description: z.string().nullable().default(null) }),
  themes: z.array(z.object({ name: z.string(), position: z.number().int() })).default([]),
  contexts: z.array(z.object({ key: z.string(), title: z.string(), body: z.string() })).default([]),
  questions: z.array(
    z.object({
      theme: z.string(),
      context: z.string().nullable().default(null),
      statement: z.string(),
      solution: z.string(),
      is_multi_choice: z.boolean().default(false),
      url_source: z.string().nullable().default(null),
      is_active: z.boolean().default(true),
      /** 1 easy, 2 medium, 3 hard; absent: medium (the bank files always say it, see the linter). */
      difficulty: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
      choices: z.array(z.object({ body: z.string(), is_correct: z.boolean().default(false) })),
    }),
  ),
});
export type BankImport = z.infer<typeof BankImport>;
