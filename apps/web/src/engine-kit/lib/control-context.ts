/**
 * The spec's "control context" (spec 001, section 3): which subject the student is working on and
 * which attempt is open, kept for the browser tab (sessionStorage) so that a reload keeps it and
 * another tab starts clean. `/materias` writes it; setup, test taking, result, history and
 * statistics read it. The names are the spec's (`standartTestId` included).
 */
export interface ControlContext {
  subjectId: number;
  subjectName: string;
  subjectApprovalGrade: number;
  subscriptionId: number | null;
  standartTestId: number;
  periodId: number | null;
  /** Tests taken in the subject (custom and official). */
  testCount: number;
  /** The subscription lets the student start tests in this subject. */
  hasAccess: boolean;
  type: 'custom' | 'official';
  /** The attempt being taken, or the past attempt chosen in the history. */
  userTestId: number | null;
  /**
   * `/revision`: the student's own wrong answers, everyone's most failed questions, or the
   * spaced-review queue due today (`review`).
   */
  wrongSource?: 'own' | 'general' | 'review';
}

const CONTROL_KEY = 'control';

function session(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

function isControlContext(value: unknown): value is ControlContext {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.subjectId === 'number' &&
    typeof record.subjectName === 'string' &&
    typeof record.standartTestId === 'number' &&
    (record.type === 'custom' || record.type === 'official')
  );
}

export function readControl(): ControlContext | null {
  const raw = session()?.getItem(CONTROL_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isControlContext(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeControl(control: ControlContext): void {
  try {
    session()?.setItem(CONTROL_KEY, JSON.stringify(control));
  } catch {
    // Storage full or disabled: the pages fall back to their `?id=` address.
  }
}

/** Changes some fields of the stored context; does nothing when there is none. */
export function updateControl(change: Partial<ControlContext>): ControlContext | null {
  const current = readControl();
  if (!current) return null;
  const next = { ...current, ...change };
  writeControl(next);
  return next;
}

/** The attempt a page is about: `?id=` in its address first, then the stored context. */
export function attemptIdFrom(search: URLSearchParams): number | null {
  const fromQuery = Number(search.get('id'));
  if (Number.isInteger(fromQuery) && fromQuery > 0) return fromQuery;
  return readControl()?.userTestId ?? null;
}
