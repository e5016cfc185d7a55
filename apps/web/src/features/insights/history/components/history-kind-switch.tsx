import type { StatsKind } from '@ensaya/core/contracts/statistics';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HISTORY_NAMESPACE } from '../lib/history-i18n.ts';

/** Each kind's history page (mock exams and drills were out of reach). */
export const HISTORY_PATHS: Record<StatsKind, string> = {
  custom: '/historico',
  official: '/historico/ensayo',
  wrong_answers: '/historico/repasos',
};

const KINDS: StatsKind[] = ['custom', 'official', 'wrong_answers'];

/**
 * The switch between the subject's practice tests, mock exams and wrong-answer drills: links, so
 * each kind has its address, the browser's back works and a kind can be shared.
 */
export function HistoryKindSwitch({
  current,
  subjectId,
}: {
  current: StatsKind;
  subjectId: number;
}) {
  const { t } = useTranslation(HISTORY_NAMESPACE);
  return (
    <nav className="history-kinds" aria-label={t('kinds.label')}>
      {KINDS.map((kind) => (
        <Link
          key={kind}
          to={`${HISTORY_PATHS[kind]}?subject_id=${subjectId}`}
          replace
          className={kind === current ? 'history-kinds__link is-current' : 'history-kinds__link'}
          aria-current={kind === current ? 'page' : undefined}
        >
          {t(`kinds.${kind}`)}
        </Link>
      ))}
    </nav>
  );
}
