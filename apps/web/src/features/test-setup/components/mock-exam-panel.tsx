import Button from 'antd/es/button';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubjectSetup } from '@ensaya/core/contracts/engine';
import { TEST_SETUP_NAMESPACE } from '../lib/test-setup-i18n.ts';
import { FixedOptions } from './fixed-options.tsx';
import { fixedThemeColumns, ThemeTable } from './theme-table.tsx';

type Theme = SubjectSetup['themes'][number];

/**
 * The exam tab (spec 001, section 2): a card titled with the subject, the themes the exam draws
 * from with their context and question counts, the fixed options and the duration. The server
 * draws the questions by the period's theme weights.
 */
export function MockExamPanel({
  setup,
  durationMinutes,
  canStart,
  isStarting,
  onStart,
  onCancel,
}: {
  setup: SubjectSetup;
  durationMinutes: number | null;
  canStart: boolean;
  isStarting: boolean;
  onStart: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(TEST_SETUP_NAMESPACE);
  const headingId = useId();
  const themes = setup.themes.filter((theme) => theme.exam_quota > 0);
  const questionCount =
    setup.question_count ?? themes.reduce((sum, theme) => sum + theme.exam_quota, 0);

  return (
    <section className="setup-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="setup-card__title">
        {setup.name}
      </h2>
      <ThemeTable<Theme>
        caption={t('exam.themesCaption')}
        rows={themes}
        rowKey={(theme) => theme.theme_id}
        columns={[
          ...fixedThemeColumns<Theme>(t),
          {
            key: 'context',
            title: t('exam.context'),
            isNarrow: true,
            render: (theme) => theme.with_context,
          },
          {
            key: 'quota',
            title: t('practice.questions'),
            isNarrow: true,
            render: (theme) => theme.exam_quota,
          },
        ]}
      />
      <FixedOptions hasTimer randomQuestion randomAnswer studyMode={false} />
      <p className="setup-duration">
        {durationMinutes === null
          ? t('exam.questions', { count: questionCount })
          : t('exam.duration', { count: questionCount, minutes: durationMinutes })}
      </p>
      <div className="form-actions">
        <Button className="form-actions__cancel" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="primary" disabled={!canStart} loading={isStarting} onClick={onStart}>
          {t('exam.start')}
        </Button>
      </div>
    </section>
  );
}
