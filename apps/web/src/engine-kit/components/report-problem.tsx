import { lazy, memo, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainButton } from '../../components/plain-controls.tsx';
import { TEST_TAKING_NAMESPACE } from '../lib/test-taking-i18n.ts';

export const loadReportProblemDialog = () => import('./comment-box.tsx');

const ReportProblemDialog = lazy(async () => ({
  default: (await loadReportProblemDialog()).ReportProblemDialog,
}));

/**
 * "Report a problem" under the question: the question comes first, and the comment form opens in
 * a small dialog when the student asks for it (comment-box.tsx, loaded then, or earlier once the
 * student starts working: test-player.tsx).
 */
export const ReportProblem = memo(function ReportProblem(props: {
  subjectId: number;
  stemId: number;
  attemptId: number;
}) {
  const { t } = useTranslation(TEST_TAKING_NAMESPACE);
  const [isOpen, setIsOpen] = useState(false);
  // Mounted from the first opening on, so the dialog can fade out and show the server's answer.
  const [hasOpened, setHasOpened] = useState(false);
  return (
    <div className="report-problem">
      <PlainButton
        variant="link"
        className="report-problem__open"
        aria-haspopup="dialog"
        onClick={() => {
          setHasOpened(true);
          setIsOpen(true);
        }}
      >
        <span aria-hidden="true" className="report-problem__icon">
          ⚐
        </span>
        {t('comment.open')}
      </PlainButton>
      {hasOpened && (
        <Suspense fallback={null}>
          <ReportProblemDialog {...props} open={isOpen} onClose={() => setIsOpen(false)} />
        </Suspense>
      )}
    </div>
  );
});
