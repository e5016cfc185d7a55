import '../review.css';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ReviewDue } from '@ensaya/core/contracts/review';
import { PlainButton } from '../../../components/plain-controls.tsx';
import type { StandardTestSubjects } from '../../subjects/api/get-subjects.ts';
import { REVIEW_NAMESPACE } from '../lib/review-i18n.ts';
import { chooseReviewSubject, REVIEW_ROUTE } from '../lib/start-review.ts';

/**
 * The dashboard's spaced-review card (issue 16): "N questions to review today" and, per subject
 * with questions due that the student may take tests in, a button that starts its review session.
 * Nothing while the queue is empty (or cannot be read). The page reads `GET /api/review/due` and
 * the subject cards (`GET /api/subjects`, which give each subject's control context and access)
 * with its own data, so they are asked for once and arrive together.
 */
export function ReviewQueueCard({
  due,
  cards,
}: {
  due: ReviewDue | undefined;
  cards: readonly StandardTestSubjects[] | undefined;
}) {
  const { t } = useTranslation(REVIEW_NAMESPACE);
  const navigate = useNavigate();
  const headingId = useId();
  const dueSubjects = (due?.subjects ?? []).filter((subject) => subject.due > 0);
  const cardOf = new Map(
    (cards ?? []).flatMap((standardTest) => standardTest.subjects.map((card) => [card.id, card])),
  );

  if (!due || due.subjects.length === 0) return null;
  const queued = due.subjects.reduce((sum, subject) => sum + subject.queued, 0);

  function review(subjectId: number) {
    const card = cardOf.get(subjectId);
    if (!card) return;
    chooseReviewSubject(card);
    void navigate(REVIEW_ROUTE);
  }

  return (
    <section className="chart-card review-queue" aria-labelledby={headingId}>
      <h2 id={headingId} className="chart-card__title">
        {t('title')}
      </h2>
      <p className="review-queue__count">
        {due.total > 0 ? t('dueToday', { count: due.total }) : t('nothingToday', { count: queued })}
      </p>
      <p className="review-queue__lead">{t('lead')}</p>
      {dueSubjects.length > 0 && (
        <ul className="review-queue__subjects">
          {dueSubjects.map((subject) => {
            const card = cardOf.get(subject.subject_id);
            return (
              <li key={subject.subject_id} className="review-queue__subject">
                <span>
                  {t('subjectDue', { subject: subject.subject_name, count: subject.due })}
                </span>
                {card?.has_access && (
                  <PlainButton
                    variant="primary"
                    aria-label={t('startSubject', { subject: subject.subject_name })}
                    onClick={() => review(subject.subject_id)}
                  >
                    {t('startShort')}
                  </PlainButton>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {due.total > 0 && (
        <p className="review-queue__note">
          {t('sessionSize', { max: due.session_max, newPerDay: due.new_per_day })}
        </p>
      )}
    </section>
  );
}
