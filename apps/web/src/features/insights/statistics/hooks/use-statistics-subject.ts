import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { subjectsQueryOptions } from '../../../../engine-kit/api/get-subjects.ts';
import { controlFor } from '../../../../engine-kit/lib/control-for.ts';
import {
  readControl,
  writeControl,
  type ControlContext,
} from '../../../../engine-kit/lib/control-context.ts';

/**
 * The subject of the statistics page: `?subject_id=` first, then the control context set by
 * `/materias`; its name and access from the subject's card (`GET /api/subjects`).
 */
export function useStatisticsSubject() {
  const [search] = useSearchParams();
  const [stored] = useState(readControl);
  const fromQuery = Number(search.get('subject_id'));
  const subjectId =
    Number.isInteger(fromQuery) && fromQuery > 0 ? fromQuery : (stored?.subjectId ?? null);
  const subjects = useQuery({ ...subjectsQueryOptions(), enabled: subjectId !== null });
  const card = useMemo(
    () =>
      subjects.data
        ?.flatMap((standardTest) => standardTest.subjects)
        .find((subject) => subject.id === subjectId) ?? null,
    [subjects.data, subjectId],
  );
  const control = useMemo<ControlContext | null>(() => {
    if (stored && stored.subjectId === subjectId) {
      return { ...stored, hasAccess: card?.has_access ?? stored.hasAccess };
    }
    return card ? controlFor(card) : null;
  }, [stored, subjectId, card]);

  // An address naming another subject takes the context over: `/revision` starts from it.
  useEffect(() => {
    if (card && control && stored?.subjectId !== card.id) writeControl(control);
  }, [card, control, stored]);
  return {
    subjectId,
    name: card?.name ?? control?.subjectName ?? null,
    /** Active subscription: the wrong-answers buttons show. */
    hasAccess: card?.has_access ?? false,
    control,
    /** The subject's card is still on its way (its name and the review buttons wait for it). */
    isLoading: subjectId !== null && subjects.isPending,
  };
}
