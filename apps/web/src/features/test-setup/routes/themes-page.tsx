import '../test-setup.css';
import Alert from 'antd/es/alert';
import Tabs from 'antd/es/tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageShell } from '../../../components/page-shell.tsx';
import { isApiRequestError } from '../../../lib/api-client.ts';
import { EnginePageHeader } from '../../test-taking/components/engine-page-header.tsx';
import { useStartTest } from '../../test-taking/hooks/use-start-test.tsx';
import { readControl } from '../../test-taking/lib/control-context.ts';
import { usePeriod } from '../api/get-period.ts';
import { useSubjectSetup } from '../api/get-subject-setup.ts';
import { MockExamPanel } from '../components/mock-exam-panel.tsx';
import { PracticeForm } from '../components/practice-form.tsx';
import { TEST_SETUP_NAMESPACE } from '../lib/test-setup-i18n.ts';

const DASHBOARD = '/dashboard';

/**
 * `/temas` (spec 001, section 2): for the subject chosen on `/materias`, a practice test set up by
 * the student, or the mock exam with the period's fixed setup.
 */
export function ThemesPage() {
  const { t } = useTranslation(TEST_SETUP_NAMESPACE);
  const navigate = useNavigate();
  const [control] = useState(readControl);
  const setup = useSubjectSetup(control?.subjectId ?? null);
  const period = usePeriod(setup.data?.period_id ?? null);
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
  if (setup.isPending) return <FullPageSpinner />;
  if (setup.isError) {
    if (isApiRequestError(setup.error) && setup.error.handled) return <FullPageSpinner />;
    return <LoadError onRetry={() => void setup.refetch()} />;
  }

  const data = setup.data;
  const hasAccess = data.has_access;

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
        items={[
          {
            key: 'practice',
            label: t('tabs.practice'),
            children: (
              <PracticeForm
                setup={data}
                canStart={hasAccess}
                isStarting={isStarting}
                onStart={start}
                onCancel={cancel}
              />
            ),
          },
          {
            key: 'exam',
            label: t('tabs.exam'),
            disabled: !hasAccess,
            children: (
              <MockExamPanel
                setup={data}
                durationMinutes={period.data?.test_duration ?? data.test_duration}
                canStart={hasAccess}
                isStarting={isStarting}
                onCancel={cancel}
                onStart={(electiveThemeId) =>
                  void start({
                    subject_id: data.id,
                    mode: 'mock_exam',
                    random_question: true,
                    random_answer: true,
                    study_mode: false,
                    ...(electiveThemeId === undefined
                      ? {}
                      : { elective_theme_id: electiveThemeId }),
                  })
                }
              />
            ),
          },
        ]}
      />
      {dialogs}
    </section>
  );
}
