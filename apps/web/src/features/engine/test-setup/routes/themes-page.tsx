import '../test-setup.css';
import Alert from 'antd/es/alert';
import Tabs from 'antd/es/tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FullPageSpinner } from '../../../../components/full-page-spinner.tsx';
import { LoadError } from '../../../../components/load-error.tsx';
import { PageShell } from '../../../../components/page-shell.tsx';
import { isApiRequestError } from '../../../../lib/api-client.ts';
import { EnginePageHeader } from '../../../../engine-kit/components/engine-page-header.tsx';
import { useStartTest } from '../../../../engine-kit/hooks/use-start-test.tsx';
import { readControl } from '../../../../engine-kit/lib/control-context.ts';
import { usePeriod } from '../api/get-period.ts';
import { useSubjectSetup } from '../api/get-subject-setup.ts';
import { MockExamPanel } from '../components/mock-exam-panel.tsx';
import { PracticeForm } from '../components/practice-form.tsx';
import { QuickStarts } from '../components/quick-starts.tsx';
import { electiveThemes, initialElective } from '../lib/electives.ts';
import { TEST_SETUP_NAMESPACE } from '../lib/test-setup-i18n.ts';
import { useReviewDue } from '../../../../engine-kit/api/get-review-due.ts';
import { useThemesStats } from '../../../../engine-kit/api/get-themes-stats.ts';

const DASHBOARD = '/dashboard';

/**
 * `/temas` (spec 001, section 2): for the subject chosen on `/materias`, a practice test set up by
 * the student, or the mock exam with the period's fixed setup. The practice tab leads with one-tap
 * starts (weakest themes, today's review, the full mock exam); the spec's four ways and
 * switches are under "Personalizar", closed until opened.
 */
export function ThemesPage() {
  const { t } = useTranslation(TEST_SETUP_NAMESPACE);
  const navigate = useNavigate();
  const [control] = useState(readControl);
  const setup = useSubjectSetup(control?.subjectId ?? null);
  const period = usePeriod(setup.data?.period_id ?? null);
  const themeStats = useThemesStats(
    control ? { subjectId: control.subjectId, type: undefined } : null,
  );
  const reviewDue = useReviewDue();
  const [tab, setTab] = useState('practice');
  const { start, isStarting, dialogs } = useStartTest();
  const title = t('pages.themes.title', { ns: 'translation' });
  const cancel = () => void navigate(DASHBOARD);

  if (!control) {
    return (
      <PageShell title={title} description={t('noSubject')}>
        <Link to="/materias">{t('chooseSubject')}</Link>
      </PageShell>
    );
  }
  // The one-tap starts wait for the statistics and the review queue (their labels depend on them);
  // without them (an error) they start as for a student with no history and nothing due.
  if (setup.isPending || themeStats.isPending || reviewDue.isPending) return <FullPageSpinner />;
  if (setup.isError) {
    if (isApiRequestError(setup.error) && setup.error.handled) return <FullPageSpinner />;
    return <LoadError onRetry={() => void setup.refetch()} />;
  }

  const data = setup.data;
  const hasAccess = data.has_access;
  const subjectDue =
    reviewDue.data?.subjects.find((subject) => subject.subject_id === data.id)?.due ?? 0;
  const examMinutes = period.data?.test_duration ?? data.test_duration;
  const examQuestions = period.data?.question_count ?? data.question_count;

  function startMockExam(electiveThemeId: number | undefined) {
    void start({
      subject_id: data.id,
      mode: 'mock_exam',
      random_question: true,
      random_answer: true,
      study_mode: false,
      ...(electiveThemeId === undefined ? {} : { elective_theme_id: electiveThemeId }),
    });
  }

  /** "Ensayo completo": at once, unless an elective module must be chosen first (its tab). */
  function quickMockExam() {
    const elective = initialElective(data);
    if (electiveThemes(data).length > 0 && elective === undefined) setTab('exam');
    else startMockExam(elective);
  }

  return (
    <section className="page setup-page">
      <EnginePageHeader title={title} control={control} onBack={() => void navigate(-1)} />
      <p className="page__lead">{t('lead', { subject: data.name })}</p>
      {!hasAccess && (
        <Alert
          className="setup-no-access"
          type="warning"
          showIcon
          title={t('noAccess')}
          description={<Link to="/paquetes">{t('subscribe')}</Link>}
        />
      )}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'practice',
            label: t('tabs.practice'),
            children: (
              <div className="setup-practice">
                <QuickStarts
                  setup={data}
                  themeStats={themeStats.data ?? []}
                  reviewDue={subjectDue}
                  reviewSessionMax={reviewDue.data?.session_max ?? 20}
                  examQuestions={examQuestions}
                  examMinutes={examMinutes}
                  canStart={hasAccess}
                  isStarting={isStarting}
                  onStart={(request) => void start(request)}
                  onMockExam={quickMockExam}
                />
                <details className="setup-customize">
                  <summary className="setup-customize__summary">
                    <span className="setup-customize__title">{t('customize.title')}</span>
                    <span className="setup-customize__hint">{t('customize.hint')}</span>
                  </summary>
                  <PracticeForm
                    setup={data}
                    canStart={hasAccess}
                    isStarting={isStarting}
                    onStart={start}
                    onCancel={cancel}
                  />
                </details>
              </div>
            ),
          },
          {
            key: 'exam',
            label: t('tabs.exam'),
            disabled: !hasAccess,
            children: (
              <MockExamPanel
                setup={data}
                durationMinutes={examMinutes}
                canStart={hasAccess}
                isStarting={isStarting}
                onCancel={cancel}
                onStart={startMockExam}
              />
            ),
          },
        ]}
      />
      {dialogs}
    </section>
  );
}
