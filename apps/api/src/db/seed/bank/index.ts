import { CIENCIAS_BANK } from './ciencias.ts';
import { CLASE_B_BANK } from './clase-b.ts';
import { COMPETENCIA_LECTORA_BANK } from './competencia-lectora.ts';
import { HISTORIA_BANK } from './historia.ts';
import { M1_BANK } from './m1.ts';
import { M2_BANK } from './m2.ts';
import type { SubjectBank } from './types.ts';

export type { BankContext, BankQuestion, SubjectBank } from './types.ts';

/** The demo question bank, one entry per subject of DEMO_SUBJECTS, in the catalog's order. */
export const DEMO_BANK: SubjectBank[] = [
  COMPETENCIA_LECTORA_BANK,
  M1_BANK,
  M2_BANK,
  CIENCIAS_BANK,
  HISTORIA_BANK,
  CLASE_B_BANK,
];
