import '../../../../components/plain-controls.css';
import '../scheduled-exams.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ScheduledExam } from '@ensaya/core/contracts/scheduled-exam';
import { formatDateTime } from '../../../../lib/format.ts';
import { inLanguage } from '../../../../lib/localized.ts';
import { useScheduledExams } from '../api/scheduled-exams.ts';
import { clockTime, countdownFace } from '../lib/countdown.ts';
import { SCHEDULED_EXAMS_NAMESPACE } from '../lib/scheduled-exams-i18n.ts';
import { useServerClock } from '../lib/use-server-clock.ts';
import { scheduledExamPath } from '../lib/paths.ts';

/** What a listed ensayo shows: a student sees the ones to come, running, and those they sat. */
function isListed(exam: ScheduledExam): boolean {
  if (exam.state === 'cancelled') return false;
  if (exam.state === 'closing' || exam.state === 'closed') return exam.submitted;
  return true;
}

function ExamLine({ exam, now }: { exam: ScheduledExam; now: number }) {
  const { t, i18n } = useTranslation(SCHEDULED_EXAMS_NAMESPACE);
  const title = inLanguage(exam.title, exam.title_en, i18n.language);
  const time = (target: string) => countdownFace(new Date(target).getTime() - now, t('day'));
  // The state moves with the clock between two reads of the list.
  const startsAt = new Date(exam.starts_at).getTime();
  const opensAt = new Date(exam.join_opens_at).getTime();
  const state =
    exam.state === 'upcoming' && now >= opensAt
      ? 'waiting_room'
      : exam.state === 'waiting_room' && now >= startsAt
        ? 'live'
        : exam.state;
  const status =
    state === 'upcoming'
      ? t('card.opensIn', { time: time(exam.join_opens_at) })
      : state === 'waiting_room'
        ? t('card.startsIn', { time: time(exam.starts_at) })
        : state === 'live'
          ? t('card.live', { time: clockTime(exam.join_closes_at) })
          : state === 'closing'
            ? t('card.closing')
            : t('card.resultsReady');
  const action =
    state === 'closed'
      ? t('card.results')
      : state === 'waiting_room' || state === 'live'
        ? t('card.enterRoom')
        : t('card.open');
  return (
    <li className="scheduled-exams__item">
      <div className="scheduled-exams__text">
        <span className="scheduled-exams__name">{title}</span>
        <span className="scheduled-exams__facts">
          {t('card.facts', {
            subject: exam.subject_name,
            date: formatDateTime(exam.starts_at),
            minutes: exam.duration_minutes,
            count: exam.question_count,
          })}
        </span>
        <span
          className={`scheduled-exams__status scheduled-exams__status--${state}`}
          aria-live="off"
        >
          {status}
          {exam.joined && state !== 'closed' ? ` · ${t('card.joined')}` : ''}
        </span>
      </div>
      <Link
        className={`plain-button plain-button--large ${
          state === 'waiting_room' || state === 'live'
            ? 'plain-button--primary'
            : 'plain-button--default'
        }`}
        to={scheduledExamPath(exam.id)}
        aria-label={`${action}: ${title}`}
      >
        {action}
      </Link>
    </li>
  );
}

/**
 * The scheduled ensayos on the dashboard and `/materias`: each with its date, a
 * countdown to the waiting room or the start, and the way in. Nothing when there is none.
 */
export function ScheduledExamsCard() {
  const { t } = useTranslation(SCHEDULED_EXAMS_NAMESPACE);
  const exams = useScheduledExams();
  const now = useServerClock(exams.data?.[0]?.server_now);
  const listed = (exams.data ?? []).filter(isListed);
  if (listed.length === 0) return null;
  return (
    <section className="chart-card scheduled-exams" aria-labelledby="scheduled-exams-title">
      <h2 id="scheduled-exams-title" className="chart-card__title">
        {t('card.title')}
      </h2>
      <p className="scheduled-exams__lead">{t('card.lead')}</p>
      <ul className="scheduled-exams__list">
        {listed.map((exam) => (
          <ExamLine key={exam.id} exam={exam} now={now} />
        ))}
      </ul>
    </section>
  );
}
