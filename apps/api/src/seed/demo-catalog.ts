import { PAES_APPLICATION_AVERAGE, type ApprovalRule } from '@ensaya/core/engine/scoring';
import { PILOT_QUESTION_COUNT } from '@ensaya/core/engine/selection';
import type { DbOrTx } from '../db/client.ts';
import {
  gradeTables,
  packageSubjects,
  packages,
  periodThemes,
  periods,
  promoCodes,
  subjects,
  themes,
} from '../db/schema/index.ts';
import { DEMRE_2023_REFERENCE, gradeTableThrough, M2_ANCHORS } from './grade-tables.ts';

// The demo catalog: the subjects of both standard tests with their current period, theme weights
// and grade tables, and the packages sold. The question bank is seeded separately, on top of the
// ids this file returns.

const PAES = 1;
const CLASE_B = 2;

type DemoSubject = {
  standardTestId: number;
  name: string;
  description: string;
  approvalGrade: number;
  approvalRule: ApprovalRule;
  period: { name: string; testDuration: number; questionCount: number; pilotCount: number };
  /**
   * Theme names with their mock-exam weight; the common weights plus one elective's weight sum to
   * 100 (core `themeWeightsProblem`).
   */
  themes: Array<[name: string, weight: number]>;
  /** The elective modules among `themes` (Ciencias): a mock exam takes one of them. */
  electives?: ReadonlyArray<string>;
  /** [good_answers_quantity, grade] rows. */
  gradeTable: Array<[number, number]>;
};

/** Which published anchors a PAES test's table passes through (./grade-tables.ts). */
const PAES_ANCHORS = {
  cl: DEMRE_2023_REFERENCE.cl,
  m1: DEMRE_2023_REFERENCE.m1,
  m2: M2_ANCHORS,
  ciencias: DEMRE_2023_REFERENCE.ciencias,
  historia: DEMRE_2023_REFERENCE.historia,
} as const;

/** Class B: 35 questions, 3 of them worth double, 38 points in all; the grade is the points. */
function classBPoints(): Array<[number, number]> {
  return Array.from({ length: 39 }, (_, points) => [points, points]);
}

const PAES_PERIOD = 'Admisión 2027';

/**
 * A PAES test: `questionCount` questions, `PILOT_QUESTION_COUNT` of them unscored pilots, graded
 * on the scored ones. 458 is the minimum CL + M1 average to apply, not a pass mark: CL and M1 carry
 * it as `application_average`; the other tests have no mark.
 */
function paesSubject(
  name: string,
  description: string,
  questionCount: number,
  testDuration: number,
  subjectThemes: DemoSubject['themes'],
  anchors: keyof typeof PAES_ANCHORS,
  inApplicationAverage: boolean,
  electives: ReadonlyArray<string> = [],
): DemoSubject {
  return {
    electives,
    standardTestId: PAES,
    name,
    description,
    approvalGrade: inApplicationAverage ? PAES_APPLICATION_AVERAGE : 0,
    approvalRule: inApplicationAverage ? 'application_average' : 'none',
    period: { name: PAES_PERIOD, testDuration, questionCount, pilotCount: PILOT_QUESTION_COUNT },
    themes: subjectThemes,
    gradeTable: gradeTableThrough(questionCount - PILOT_QUESTION_COUNT, PAES_ANCHORS[anchors]),
  };
}

export const DEMO_SUBJECTS: DemoSubject[] = [
  paesSubject(
    'Competencia Lectora',
    'Localizar, interpretar y evaluar información en textos literarios y no literarios.',
    65,
    150,
    [
      ['Localizar', 25],
      ['Interpretar', 45],
      ['Evaluar', 30],
    ],
    'cl',
    true,
  ),
  paesSubject(
    'Competencia Matemática M1',
    'La prueba obligatoria de matemática: números, álgebra, geometría, probabilidad y estadística.',
    65,
    140,
    [
      ['Números', 25],
      ['Álgebra y funciones', 35],
      ['Geometría', 20],
      ['Probabilidad y estadística', 20],
    ],
    'm1',
    true,
  ),
  paesSubject(
    'Competencia Matemática M2',
    'La prueba electiva de matemática para carreras científicas y de ingeniería.',
    55,
    140,
    [
      ['Números', 15],
      ['Álgebra y funciones', 35],
      ['Geometría', 25],
      ['Probabilidad y estadística', 25],
    ],
    'm2',
    false,
  ),
  // 54 common questions (18 per science) and 26 of the one elective the student chooses.
  paesSubject(
    'Ciencias',
    'Biología, Química y Física: módulo común y módulo electivo.',
    80,
    160,
    [
      ['Biología', 18],
      ['Química', 18],
      ['Física', 18],
      ['Electivo Biología', 26],
      ['Electivo Química', 26],
      ['Electivo Física', 26],
    ],
    'ciencias',
    false,
    ['Electivo Biología', 'Electivo Química', 'Electivo Física'],
  ),
  paesSubject(
    'Historia y Ciencias Sociales',
    'Historia de Chile, América y el mundo, formación ciudadana y sistema económico.',
    65,
    120,
    [
      ['Historia: mundo, América y Chile', 50],
      ['Formación ciudadana', 25],
      ['Sistema económico', 25],
    ],
    'historia',
    false,
  ),
  {
    standardTestId: CLASE_B,
    name: 'Examen teórico clase B',
    description:
      'Normas, señales y conducción segura para obtener la licencia de conducir clase B.',
    // 33 of 38 points (CONASET): a real pass mark.
    approvalGrade: 33,
    approvalRule: 'pass_mark',
    period: { name: 'Examen teórico 2026', testDuration: 45, questionCount: 35, pilotCount: 0 },
    themes: [
      ['Normas de tránsito', 30],
      ['Señales de tránsito', 20],
      ['Convivencia vial', 20],
      ['Conducción segura', 20],
      ['Mecánica básica', 10],
    ],
    gradeTable: classBPoints(),
  },
];

/** The demo subjects' English descriptions, by subject name (their names are the same in English). */
export const DEMO_SUBJECT_DESCRIPTIONS_EN: Readonly<Record<string, string>> = {
  'Competencia Lectora':
    'Locate, interpret and evaluate information in literary and non-literary texts.',
  'Competencia Matemática M1':
    'The compulsory mathematics test: numbers, algebra, geometry, probability and statistics.',
  'Competencia Matemática M2': 'The elective mathematics test for science and engineering degrees.',
  Ciencias: 'Biology, Chemistry and Physics: a common module and an elective module.',
  'Historia y Ciencias Sociales':
    'History of Chile, the Americas and the world, civic education and the economic system.',
  'Examen teórico clase B':
    'Traffic rules, signs and safe driving to get the class B driving licence.',
};

type DemoPackage = {
  standardTestId: number;
  name: string;
  description: string;
  nameEn: string;
  descriptionEn: string;
  durationDays: number;
  priceClp: number;
  subjectsQuantity: number;
  trialPeriodDays: number;
};

const paesAll = 'Las cinco pruebas PAES: práctica por tema, ensayos cronometrados y estadísticas';
const paesAllEn = 'All five PAES tests: practice by topic, timed mock exams and statistics';

export const DEMO_PACKAGES: DemoPackage[] = [
  {
    standardTestId: PAES,
    name: 'PAES Mensual',
    description: `${paesAll} durante un mes.`,
    nameEn: 'PAES Monthly',
    descriptionEn: `${paesAllEn} for one month.`,
    durationDays: 30,
    priceClp: 9990,
    subjectsQuantity: 5,
    trialPeriodDays: 7,
  },
  {
    standardTestId: PAES,
    name: 'PAES Trimestral',
    description: `${paesAll} durante tres meses.`,
    nameEn: 'PAES Quarterly',
    descriptionEn: `${paesAllEn} for three months.`,
    durationDays: 90,
    priceClp: 24990,
    subjectsQuantity: 5,
    trialPeriodDays: 7,
  },
  {
    standardTestId: PAES,
    name: 'PAES Semestral',
    description: `${paesAll} durante seis meses.`,
    nameEn: 'PAES Six-Monthly',
    descriptionEn: `${paesAllEn} for six months.`,
    durationDays: 180,
    priceClp: 44990,
    subjectsQuantity: 5,
    trialPeriodDays: 7,
  },
  {
    standardTestId: PAES,
    name: 'PAES Anual',
    description: `${paesAll} durante un año.`,
    nameEn: 'PAES Yearly',
    descriptionEn: `${paesAllEn} for one year.`,
    durationDays: 365,
    priceClp: 79990,
    subjectsQuantity: 5,
    trialPeriodDays: 7,
  },
  {
    standardTestId: PAES,
    name: 'PAES Dúo',
    description: 'Elige dos pruebas PAES y prepáralas durante un mes.',
    nameEn: 'PAES Duo',
    descriptionEn: 'Choose two PAES tests and prepare for them for one month.',
    durationDays: 30,
    priceClp: 5990,
    subjectsQuantity: 2,
    trialPeriodDays: 7,
  },
  {
    standardTestId: CLASE_B,
    name: 'Licencia Clase B',
    description: 'Práctica y ensayos del examen teórico de la licencia clase B durante un mes.',
    nameEn: 'Class B Licence',
    descriptionEn:
      'Practice and mock exams for the class B driving licence theory exam for one month.',
    durationDays: 30,
    priceClp: 4990,
    subjectsQuantity: 1,
    trialPeriodDays: 3,
  },
];

export const DEMO_PROMO_CODE = {
  code: 'BIENVENIDA10',
  description: '10 % de descuento en la primera suscripción',
  type: 'percent' as const,
  value: 10,
};

export type DemoCatalog = {
  /** Subject id by subject name. */
  subjectIds: Map<string, number>;
  /** Current period id by subject id. */
  periodIds: Map<number, number>;
  /** Theme id by subject id, then theme name. */
  themeIds: Map<number, Map<string, number>>;
};

/** Inserts the demo catalog, unless the database already has subjects (then returns nothing). */
export async function seedDemoCatalog(db: DbOrTx): Promise<DemoCatalog | undefined> {
  if ((await db.$count(subjects)) > 0) return undefined;

  const catalog: DemoCatalog = { subjectIds: new Map(), periodIds: new Map(), themeIds: new Map() };
  for (const [index, demo] of DEMO_SUBJECTS.entries()) {
    const [subject] = await db
      .insert(subjects)
      .values({
        standardTestId: demo.standardTestId,
        name: demo.name,
        description: demo.description,
        descriptionEn: DEMO_SUBJECT_DESCRIPTIONS_EN[demo.name] ?? null,
        approvalGrade: demo.approvalGrade,
        approvalRule: demo.approvalRule,
        position: index + 1,
      })
      .returning({ id: subjects.id });
    const subjectId = subject!.id;
    catalog.subjectIds.set(demo.name, subjectId);

    const [period] = await db
      .insert(periods)
      .values({ subjectId, ...demo.period, isCurrent: true })
      .returning({ id: periods.id });
    catalog.periodIds.set(subjectId, period!.id);

    const themeRows = await db
      .insert(themes)
      .values(
        demo.themes.map(([name], position) => ({
          subjectId,
          name,
          position: position + 1,
          isElective: demo.electives?.includes(name) ?? false,
        })),
      )
      .returning({ id: themes.id, name: themes.name });
    catalog.themeIds.set(subjectId, new Map(themeRows.map((theme) => [theme.name, theme.id])));
    await db.insert(periodThemes).values(
      demo.themes.map(([name, weight]) => ({
        periodId: period!.id,
        themeId: themeRows.find((theme) => theme.name === name)!.id,
        weight,
      })),
    );

    await db.insert(gradeTables).values(
      demo.gradeTable.map(([goodAnswersQuantity, grade]) => ({
        subjectId,
        goodAnswersQuantity,
        grade,
      })),
    );
  }

  for (const [index, demo] of DEMO_PACKAGES.entries()) {
    const [pkg] = await db
      .insert(packages)
      .values({ ...demo, position: index + 1 })
      .returning({ id: packages.id });
    // Every package offers all the subjects of its test; a package with a smaller quantity lets
    // the student choose among them.
    const offered = DEMO_SUBJECTS.filter(
      (subject) => subject.standardTestId === demo.standardTestId,
    );
    await db.insert(packageSubjects).values(
      offered.map((subject) => ({
        packageId: pkg!.id,
        subjectId: catalog.subjectIds.get(subject.name)!,
      })),
    );
  }

  await db
    .insert(promoCodes)
    .values(DEMO_PROMO_CODE)
    .onConflictDoNothing({ target: promoCodes.code });
  return catalog;
}
