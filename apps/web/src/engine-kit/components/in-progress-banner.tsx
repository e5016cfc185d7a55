import '../test-taking.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useInProgressAttempts } from '../api/get-in-progress.ts';
import { attemptPath } from '../lib/attempt-routes.ts';
import { TEST_TAKING_NAMESPACE } from '../lib/test-taking-i18n.ts';

/**
 * "You have a test in progress: resume", while the server says an attempt runs (one left by the
 * browser's back button, a closed tab, another device): each running attempt (one per subject at
 * most) with the way back into it. Renders nothing otherwise, or when the list cannot be read.
 */
export function InProgressBanner() {
  const { t } = useTranslation(TEST_TAKING_NAMESPACE);
  const running = useInProgressAttempts();
  const attempts = running.data ?? [];
  if (attempts.length === 0) return null;
  return (
    <section className="in-progress-banner" aria-labelledby="in-progress-title">
      <h2 id="in-progress-title" className="in-progress-banner__title">
        {t('inProgress.title')}
      </h2>
      <ul className="in-progress-banner__list">
        {attempts.map((attempt) => {
          const text =
            attempt.mode === 'diagnostic'
              ? t('diagnostic.name', { subject: attempt.subject_name })
              : t('inProgress.text', {
                  mode: t(`result.mode.${attempt.mode}`),
                  subject: attempt.subject_name,
                });
          return (
            <li key={attempt.id} className="in-progress-banner__item">
              <span className="in-progress-banner__text">{text}</span>
              <Link
                className="in-progress-banner__action"
                to={attemptPath(attempt.mode, attempt.id)}
                aria-label={t('inProgress.resumeLabel', { test: text })}
              >
                {t('inProgress.resume')}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
