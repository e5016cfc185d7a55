import '../review.css';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ReviewDue } from '@ensaya/core/contracts/review';
import type { StandardTestSubjects } from '../../../../engine-kit/api/get-subjects.ts';
import { REVIEW_NAMESPACE } from '../lib/review-i18n.ts';
import { chooseReviewSubject, REVIEW_ROUTE } from '../../../../engine-kit/lib/start-review.ts';

/**
 * The dashboard's one way into the spaced review ("Repasar hoy"): the questions due today
 * in all, and one row per subject with questions due, a link that starts that subject's session (at
 * most `session_max` questions, the rest left for later). A subject the student may not take tests
 * in is listed without a link. Nothing while the queue is empty (or cannot be read). The page reads
 * `GET /api/review/due` and the subject cards (`GET /api/subjects`, which give each subject's
 * control context and access) with its own data, so they are asked for once and arrive together.
 */
export function ReviewQueueCard({
  due,
  cards,
}: {
  due: ReviewDue | undefined;
  cards: readonly StandardTestSubjects[] | undefined;
}) {
  const { t } = useTranslation(REVIEW_NAMESPACE);
  const headingId = useId();
  const dueSubjects = (due?.subjects ?? []).filter((subject) => subject.due > 0);
  const cardOf = new Map(
    (cards ?? []).flatMap((standardTest) => standardTest.subjects.map((card) => [card.id, card])),
  );

  if (!due || due.subjects.length === 0) return null;
  const queued = due.subjects.reduce((sum, subject) => sum + subject.queued, 0);

  return (
    <section className="chart-card review-queue" aria-labelledby={headingId}>
      <h2 id={headingId} className="chart-card__title">
        {t('todayTitle')}
      </h2>
      <p className="review-queue__count">
        {due.total > 0 ? t('dueToday', { count: due.total }) : t('nothingToday', { count: queued })}
      </p>
      <p className="review-queue__lead">{t('lead')}</p>
      {dueSubjects.length > 0 && (
        <ul className="review-queue__subjects">
          {dueSubjects.map((subject) => {
            const card = cardOf.get(subject.subject_id);
            const session = Math.min(subject.due, due.session_max);
            const text = t('subjectDue', { subject: subject.subject_name, count: subject.due });
            return (
              <li key={subject.subject_id} className="review-queue__subject">
                {card?.has_access ? (
                  <Link
                    className="review-queue__link"
                    to={REVIEW_ROUTE}
                    onClick={() => chooseReviewSubject(card)}
                  >
                    <span className="review-queue__subject-name">{text}</span>
                    {/* Read as two phrases ("…: 31 preguntas Repasar 20"), not run together. */}{' '}
                    <span className="review-queue__action">
                      {t('startSession', { count: session })}
                      <span aria-hidden="true"> →</span>
                    </span>
                  </Link>
                ) : (
                  <span className="review-queue__subject-text">
                    {text} · {t('noAccess')}
                  </span>
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
