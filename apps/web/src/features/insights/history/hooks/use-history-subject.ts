import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { SubjectCard } from '@ensaya/core/contracts/engine';
import type { UserTestType } from '@ensaya/core/contracts/statistics';
import { subjectsQueryOptions } from '../../../../engine-kit/api/get-subjects.ts';
import { controlFor } from '../../../../engine-kit/lib/control-for.ts';
import {
  readControl,
  writeControl,
  type ControlContext,
} from '../../../../engine-kit/lib/control-context.ts';

function subjectIdFromQuery(search: URLSearchParams): number | null {
  const value = Number(search.get('subject_id'));
  return Number.isInteger(value) && value > 0 ? value : null;
}

export interface HistorySubject {
  subjectId: number | null;
  /** The subject's card from `GET /api/subjects` (access, tests taken); null while it loads. */
  card: SubjectCard | null;
  name: string | null;
  /** Active subscription (Active, or Pause not past its end): the history's actions show. */
  hasAccess: boolean;
  /** For the page header's menu. */
  control: ControlContext | null;
}

/**
 * The subject a history page is about: `?subject_id=` first, then the control context `/materias`
 * set. Access comes from the subject's card, fresh from the server. An address naming another
 * subject than the context takes the context over, so the header menu and `/temashistorial`
 * follow it.
 */
export function useHistorySubject(type: UserTestType): HistorySubject {
  const [search] = useSearchParams();
  const [stored] = useState(readControl);
  const subjectId = subjectIdFromQuery(search) ?? stored?.subjectId ?? null;
  const subjects = useQuery({ ...subjectsQueryOptions(), enabled: subjectId !== null });
  const card = useMemo(
    () =>
      subjects.data
        ?.flatMap((standardTest) => standardTest.subjects)
        .find((subject) => subject.id === subjectId) ?? null,
    [subjects.data, subjectId],
  );

  const control = useMemo<ControlContext | null>(() => {
    if (card) {
      const base = stored?.subjectId === card.id ? stored : controlFor(card, type);
      return {
        ...base,
        hasAccess: card.has_access,
        testCount: card.custom_tests + card.official_tests,
        type,
      };
    }
    return stored?.subjectId === subjectId ? stored : null;
  }, [card, stored, subjectId, type]);

  useEffect(() => {
    if (card && control) writeControl(control);
  }, [card, control]);

  return {
    subjectId,
    card,
    name: card?.name ?? (stored?.subjectId === subjectId ? stored.subjectName : null),
    hasAccess: card?.has_access ?? false,
    control,
  };
}
