import type { DbOrTx } from '../client.ts';
import {
  gradeTables,
  packageSubjects,
  packages,
  periodThemes,
  periods,
  promoCodes,
  subjects,
  themes,
} from '../schema/index.ts';

// The demo catalog: the subjects of both standard tests with their current period, theme weights
// and grade tables, and the packages sold. The question bank is seeded separately, on top of the
// ids this file returns.

const PAES = 1;
const CLASE_B = 2;
const PAES_APPROVAL_GRADE = 458;

type DemoSubject = {
  standardTestId: number;
  name: string;
  description: string;
  approvalGrade: number;
  period: { name: string; testDuration: number; questionCount: number };
  /** Theme names with their mock-exam weight; the weights of a subject sum to 100. */
  themes: Array<[name: string, weight: number]>;
  /** [good_answers_quantity, grade] rows. */
  gradeTable: Array<[number, number]>;
};

/**
 * An illustrative PAES conversion, not DEMRE's: 0 correct -> 100, all correct -> 1000, strictly
 * increasing, steeper in the middle as the published tables are.
 */
export function illustrativePaesGrades(questionCount: number): Array<[number, number]> {
  return Array.from({ length: questionCount + 1 }, (_, correct) => {
    const x = correct / questionCount;
    const curve = 0.6 * x + 0.4 * (3 * x * x - 2 * x * x * x);
    return [correct, Math.round(100 + 900 * curve)];
  });
}

/** Class B: 35 questions, 3 of them worth double, 38 points in all; the grade is the points. */
function classBPoints(): Array<[number, number]> {
  return Array.from({ length: 39 }, (_, points) => [points, points]);
}

const PAES_PERIOD = 'Admisión 2027';

function paesSubject(
  name: string,
  description: string,
  questionCount: number,
  testDuration: number,
  subjectThemes: DemoSubject['themes'],
): DemoSubject {
  return {
    standardTestId: PAES,
    name,
    description,
    approvalGrade: PAES_APPROVAL_GRADE,
    period: { name: PAES_PERIOD, testDuration, questionCount },
    themes: subjectThemes,
    gradeTable: illustrativePaesGrades(questionCount),
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
  ),
  paesSubject('Ciencias', 'Biología, Química y Física: módulo común y módulo electivo.', 80, 160, [
    ['Biología', 34],
    ['Química', 33],
    ['Física', 33],
  ]),
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
  ),
  {
    standardTestId: CLASE_B,
    name: 'Examen teórico clase B',
    description:
      'Normas, señales y conducción segura para obtener la licencia de conducir clase B.',
    // 33 of 38 points (CONASET).
    approvalGrade: 33,
    period: { name: 'Examen teórico 2026', testDuration: 45, questionCount: 35 },
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

type DemoPackage = {
  standardTestId: number;
  name: string;
  description: string;
  durationDays: number;
  priceClp: number;
  subjectsQuantity: number;
  trialPeriodDays: number;
};

const paesAll = 'Las cinco pruebas PAES: práctica por tema, ensayos cronometrados y estadísticas';

export const DEMO_PACKAGES: DemoPackage[] = [
  {
    standardTestId: PAES,
    name: 'PAES Mensual',
    description: `${paesAll} durante un mes.`,
    durationDays: 30,
    priceClp: 9990,
    subjectsQuantity: 5,
    trialPeriodDays: 7,
  },
  {
    standardTestId: PAES,
    name: 'PAES Trimestral',
    description: `${paesAll} durante tres meses.`,
    durationDays: 90,
    priceClp: 24990,
    subjectsQuantity: 5,
    trialPeriodDays: 7,
  },
  {
    standardTestId: PAES,
    name: 'PAES Semestral',
    description: `${paesAll} durante seis meses.`,
    durationDays: 180,
    priceClp: 44990,
    subjectsQuantity: 5,
    trialPeriodDays: 7,
  },
  {
    standardTestId: PAES,
    name: 'PAES Anual',
    description: `${paesAll} durante un año.`,
    durationDays: 365,
    priceClp: 79990,
    subjectsQuantity: 5,
    trialPeriodDays: 7,
  },
  {
    standardTestId: PAES,
    name: 'PAES Dúo',
    description: 'Elige dos pruebas PAES y prepáralas durante un mes.',
    durationDays: 30,
    priceClp: 5990,
    subjectsQuantity: 2,
    trialPeriodDays: 7,
  },
  {
    standardTestId: CLASE_B,
    name: 'Licencia Clase B',
    description: 'Práctica y ensayos del examen teórico de la licencia clase B durante un mes.',
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
        approvalGrade: demo.approvalGrade,
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
      .values(demo.themes.map(([name], position) => ({ subjectId, name, position: position + 1 })))
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
