import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlainButton } from '../../../../components/plain-controls.tsx';
import type { SubjectCard as SubjectCardData } from '@ensaya/core/contracts/engine';
import { inLanguage } from '../../../../lib/localized.ts';
import { SUBJECTS_NAMESPACE } from '../lib/subjects-i18n.ts';

export type SubjectAction = 'takeTests' | 'review' | 'history' | 'statistics' | 'resume';

/**
 * One subject (spec 001, section 2): take exams only with access (a subscription or its trial;
 * otherwise "See packages", to the price table), history and statistics once a test was taken, and
 * the test in progress to resume; with questions due in the spaced review, how many and a way to
 * review them.
 */
export function SubjectCard({
  card,
  review,
  onAction,
}: {
  card: SubjectCardData;
  /**
   * With questions due today in the spaced review: the line that counts them and the button's
   * label (the review's texts, given by the page that composes the two features).
   */
  review?: { dueText: string; startText: string };
  onAction: (card: SubjectCardData, action: SubjectAction) => void;
}) {
  const { t, i18n } = useTranslation(SUBJECTS_NAMESPACE);
  const headingId = useId();
  const testCount = card.custom_tests + card.official_tests;
  const hasTests = testCount > 0;
  const description = inLanguage(card.description, card.description_en, i18n.language);

  return (
    <article className="subject-card" aria-labelledby={headingId}>
      <h3 id={headingId} className="subject-card__name">
        {card.name}
      </h3>
      {description && <p className="subject-card__description">{description}</p>}
      <ul className="subject-card__facts">
        {card.question_count !== null && card.test_duration !== null && (
          <li>{t('card.exam', { questions: card.question_count, minutes: card.test_duration })}</li>
        )}
        <li>{t('card.bank', { count: card.bank_count })}</li>
        {card.approval_rule === 'application_average' && (
          <li>{t('card.applicationAverage', { minimum: card.approval_grade })}</li>
        )}
        {card.approval_rule === 'pass_mark' && (
          <li>{t('card.passMark', { grade: card.approval_grade })}</li>
        )}
        <li>{t('card.tests', { count: testCount })}</li>
        {review && <li className="subject-card__review">{review.dueText}</li>}
      </ul>
      <div className="subject-card__actions">
        {card.in_progress_user_test_id !== null && (
          <PlainButton variant="primary" onClick={() => onAction(card, 'resume')}>
            {t('card.resume')}
          </PlainButton>
        )}
        {card.has_access ? (
          <PlainButton
            variant={card.in_progress_user_test_id === null ? 'primary' : 'default'}
            onClick={() => onAction(card, 'takeTests')}
          >
            {t('card.takeTests')}
          </PlainButton>
        ) : (
          // No access (none, an ended one, or another package's subject): the packages to choose.
          <Link to="/paquetes" className="subject-card__subscribe">
            {t('card.subscribe')}
          </Link>
        )}
        {card.has_access && review && (
          <PlainButton onClick={() => onAction(card, 'review')}>{review.startText}</PlainButton>
        )}
        <PlainButton disabled={!hasTests} onClick={() => onAction(card, 'history')}>
          {t('card.history')}
        </PlainButton>
        <PlainButton disabled={!hasTests} onClick={() => onAction(card, 'statistics')}>
          {t('card.statistics')}
        </PlainButton>
      </div>
      {!card.has_access && <p className="subject-card__note">{t('card.noAccess')}</p>}
    </article>
  );
}
