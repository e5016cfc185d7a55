import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiagnosticSubject } from '@ensaya/core/contracts/diagnostic';
import { PlainButton } from '../../../../components/plain-controls.tsx';
import { diagnosticsQueryOptions, useDiagnostics, useSkipDiagnostic } from '../api/diagnostics.ts';
import { DASHBOARD_NAMESPACE } from '../lib/dashboard-i18n.ts';

const DiagnosticStarter = lazy(() =>
  import('./diagnostic-starter.tsx').then((module) => ({ default: module.DiagnosticStarter })),
);

/**
 * The first diagnostic's offer on the dashboard: for each subject the student
 * has access to and has neither taken nor skipped it, what it is and a start, and "not now"
 * (remembered on the server). A skipped one stays reachable through a small link, once.
 */
export function FirstDiagnosticCard() {
  const { t } = useTranslation(DASHBOARD_NAMESPACE);
  const diagnostics = useDiagnostics();
  const skip = useSkipDiagnostic();
  const [starting, setStarting] = useState<{ subjectId: number; key: number } | null>(null);
  const queryClient = useQueryClient();
  // After a start that did not open the test (refused, or another test in progress), the states
  // are read again: a diagnostic taken elsewhere stops being offered.
  const settled = useCallback(() => {
    setStarting(null);
    void queryClient.invalidateQueries({ queryKey: diagnosticsQueryOptions().queryKey });
  }, [queryClient]);
  const list = diagnostics.data ?? [];
  // A first step: offered where the student has sent nothing yet.
  const offered = list.filter((entry) => entry.status === 'offered' && !entry.has_history);
  const skipped = list.filter((entry) => entry.status === 'skipped');
  if (offered.length === 0 && skipped.length === 0) return null;

  const startButton = (entry: DiagnosticSubject, variant: 'primary' | 'link') => (
    <PlainButton
      variant={variant === 'primary' ? 'primary' : 'default'}
      size={variant === 'primary' ? 'large' : 'middle'}
      className={variant === 'link' ? 'first-diagnostic__link' : undefined}
      loading={starting?.subjectId === entry.subject_id}
      disabled={starting !== null}
      onClick={() => setStarting({ subjectId: entry.subject_id, key: Date.now() })}
      // Several start buttons read alike: each says its subject (the link already does).
      aria-label={
        variant === 'primary' && offered.length > 1
          ? t('diagnostic.startLabel', { subject: entry.subject_name })
          : undefined
      }
    >
      {variant === 'primary'
        ? t('diagnostic.start')
        : t('diagnostic.later', { subject: entry.subject_name })}
    </PlainButton>
  );

  return (
    <>
      {offered.length > 0 ? (
        <section className="chart-card first-diagnostic" aria-labelledby="first-diagnostic-title">
          <h2 id="first-diagnostic-title" className="chart-card__title">
            {t('diagnostic.title')}
          </h2>
          <p className="first-diagnostic__facts">
            {t('diagnostic.facts', {
              count: offered[0]!.question_count,
              minutes: offered[0]!.minutes,
            })}
          </p>
          <p className="first-diagnostic__text">{t('diagnostic.text')}</p>
          <ul className="first-diagnostic__subjects">
            {offered.map((entry) => (
              <li key={entry.subject_id} className="first-diagnostic__subject">
                <span className="first-diagnostic__name">{entry.subject_name}</span>
                <span className="first-diagnostic__actions">
                  {startButton(entry, 'primary')}
                  <PlainButton
                    size="large"
                    disabled={skip.isPending || starting !== null}
                    onClick={() => skip.mutate(entry.subject_id)}
                    aria-label={t('diagnostic.skipLabel', { subject: entry.subject_name })}
                  >
                    {t('diagnostic.skip')}
                  </PlainButton>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <p className="first-diagnostic__later">
          {skipped.map((entry) => (
            <span key={entry.subject_id}>{startButton(entry, 'link')}</span>
          ))}
        </p>
      )}
      {starting && (
        <Suspense fallback={null}>
          <DiagnosticStarter
            key={starting.key}
            subjectId={starting.subjectId}
            onSettled={settled}
          />
        </Suspense>
      )}
    </>
  );
}
