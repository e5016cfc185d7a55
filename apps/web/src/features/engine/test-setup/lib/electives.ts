import type { SubjectSetup } from '@ensaya/core/contracts/engine';

type Theme = SubjectSetup['themes'][number];

/** The elective modules a mock exam of the subject offers (Ciencias); empty for other subjects. */
export function electiveThemes(setup: Pick<SubjectSetup, 'themes'>): Theme[] {
  return setup.themes.filter((theme) => theme.is_elective && theme.weight > 0);
}

/** The choice to preselect: the elective of the student's last mock exam, when still offered. */
export function initialElective(
  setup: Pick<SubjectSetup, 'themes' | 'last_elective_theme_id'>,
): number | undefined {
  const last = setup.last_elective_theme_id;
  return electiveThemes(setup).some((theme) => theme.theme_id === last)
    ? (last ?? undefined)
    : undefined;
}

/** The themes an exam draws from: the common ones and the chosen elective (none chosen: none). */
export function examThemes(
  setup: Pick<SubjectSetup, 'themes'>,
  electiveThemeId: number | undefined,
): Theme[] {
  return setup.themes.filter(
    (theme) => theme.exam_quota > 0 && (!theme.is_elective || theme.theme_id === electiveThemeId),
  );
}

/** "Electivo Física" is offered as "Física" under the heading "Módulo electivo". */
export function electiveLabel(name: string): string {
  return name.replace(/^(Electivo|Elective)\s+/i, '');
}
