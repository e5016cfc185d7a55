import '../test-setup.css';
import Button from 'antd/es/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FullPageSpinner } from '../../../../components/full-page-spinner.tsx';
import { LoadError } from '../../../../components/load-error.tsx';
import { PageShell } from '../../../../components/page-shell.tsx';
import { isApiRequestError } from '../../../../lib/api-client.ts';
import { useAttempt } from '../../../../engine-kit/api/get-attempt.ts';
import { EnginePageHeader } from '../../../../engine-kit/components/engine-page-header.tsx';
import { useStartTest } from '../../../../engine-kit/hooks/use-start-test.tsx';
import { attemptIdFrom, readControl } from '../../../../engine-kit/lib/control-context.ts';
import { useAttemptThemes, type AttemptTheme } from '../api/get-attempt-themes.ts';
import { FixedOptions } from '../components/fixed-options.tsx';
import { fixedThemeColumns, ThemeTable } from '../components/theme-table.tsx';
import { TEST_SETUP_NAMESPACE } from '../lib/test-setup-i18n.ts';

/**
 * `/temashistorial` (spec 001, section 2): the themes of a past attempt (`?id=`, or the one the
 * history stored in the control context), to take the same questions again. Only the random
 * answers switch can change.
 */
export function HistoricalThemesPage() {
  const { t } = useTranslation(TEST_SETUP_NAMESPACE);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [control] = useState(readControl);
  const sourceId = attemptIdFrom(search);
  const themes = useAttemptThemes(sourceId);
  // Without a control context (an address typed or shared) the attempt names its subject.
  const source = useAttempt(control ? null : sourceId);
  const subjectId = control?.subjectId ?? source.data?.subject_id ?? null;
  const isOfficial = (control?.type ?? source.data?.type) === 'official';
  const [randomAnswer, setRandomAnswer] = useState(false);
  const { start, isStarting, dialogs } = useStartTest();
  const title = t('pages.historicalThemes.title', { ns: 'translation' });

  if (sourceId === null) {
    return (
      <PageShell title={title} description={t('historical.noSource')}>
        <Link to="/materias">{t('chooseSubject')}</Link>
      </PageShell>
    );
  }
  if (themes.isPending) return <FullPageSpinner />;
  if (themes.isError) {
    if (isApiRequestError(themes.error) && themes.error.handled) return <FullPageSpinner />;
    return <LoadError onRetry={() => void themes.refetch()} />;
  }

  const total = themes.data.reduce((sum, theme) => sum + theme.total, 0);

  return (
    <section className="page setup-page">
      <EnginePageHeader title={title} control={control} onBack={() => void navigate(-1)} />
      {control && (
        <p className="page__lead">{t('historical.lead', { subject: control.subjectName })}</p>
      )}
      <ThemeTable<AttemptTheme>
        caption={t('historical.themesCaption')}
        rows={themes.data}
        rowKey={(theme) => theme.theme_id}
        columns={[
          ...fixedThemeColumns<AttemptTheme>(t),
          {
            key: 'total',
            title: t('practice.questions'),
            isNarrow: true,
            render: (theme) => theme.total,
          },
        ]}
      />
      <p className="setup-duration">{t('exam.questions', { count: total })}</p>
      <FixedOptions
        hasTimer={isOfficial}
        randomQuestion={false}
        randomAnswer={randomAnswer}
        studyMode={false}
        onRandomAnswerChange={setRandomAnswer}
      />
      <div className="form-actions">
        <Button className="form-actions__cancel" onClick={() => void navigate('/dashboard')}>
          {t('cancel')}
        </Button>
        <Button
          type="primary"
          disabled={subjectId === null}
          loading={isStarting}
          onClick={() => {
            if (subjectId === null) return;
            void start({
              subject_id: subjectId,
              mode: 'historical',
              source_user_test_id: sourceId,
              random_question: false,
              random_answer: randomAnswer,
              study_mode: false,
            });
          }}
        >
          {t('historical.start')}
        </Button>
      </div>
      {dialogs}
    </section>
  );
}
