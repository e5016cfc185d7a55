import Button from 'antd/es/button';
import Radio from 'antd/es/radio';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubjectSetup } from '@ensaya/core/contracts/engine';
import { electiveLabel, electiveThemes, examThemes, initialElective } from '../lib/electives.ts';
import { TEST_SETUP_NAMESPACE } from '../lib/test-setup-i18n.ts';
import { fixedThemeColumns, ThemeTable } from './theme-table.tsx';

type Theme = SubjectSetup['themes'][number];

/**
 * The exam tab (spec 001, section 2): a card titled with the subject that reads as a
 * description of the exam (its questions, its time, how it runs and what the score means) with one
 * start, rather than the fixed options as a wall of disabled controls; the themes it draws from,
 * with their context and question counts, are one tap away. The server draws the questions by the
 * period's theme weights. A subject with elective modules (Ciencias)
 * asks for one, preselecting the student's last choice: the exam holds the common themes and it.
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
  onStart: (electiveThemeId: number | undefined) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(TEST_SETUP_NAMESPACE);
  const headingId = useId();
  const electiveHeadingId = useId();
  const electives = electiveThemes(setup);
  const [electiveId, setElectiveId] = useState(() => initialElective(setup));
  const themes = examThemes(setup, electiveId);
  const questionCount =
    setup.question_count ?? themes.reduce((sum, theme) => sum + theme.exam_quota, 0);
  const needsElective = electives.length > 0 && electiveId === undefined;
  const scoreText =
    setup.approval_rule === 'pass_mark'
      ? t('exam.scorePassMark', { grade: setup.approval_grade })
      : setup.approval_rule === 'application_average'
        ? t('exam.scoreApplication', { grade: setup.approval_grade })
        : t('exam.scoreNone');

  return (
    <section className="setup-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="setup-card__title">
        {setup.name}
      </h2>
      {electives.length > 0 && (
        <fieldset className="setup-elective" aria-labelledby={electiveHeadingId}>
          <legend id={electiveHeadingId} className="setup-elective__legend">
            {t('exam.elective')}
          </legend>
          <Radio.Group
            value={electiveId}
            onChange={(event) => setElectiveId(event.target.value as number)}
            options={electives.map((theme) => ({
              value: theme.theme_id,
              label: electiveLabel(theme.name),
            }))}
          />
          {needsElective && <p className="setup-elective__hint">{t('exam.electiveHint')}</p>}
        </fieldset>
      )}
      <div className="setup-about">
        <h3 className="setup-about__title">{t('exam.about')}</h3>
        <ul className="setup-about__list">
          <li>{t('exam.aboutQuestions', { count: questionCount })}</li>
          <li>
            {durationMinutes === null
              ? t('exam.aboutNoTime')
              : t('exam.aboutTime', { minutes: durationMinutes })}
          </li>
          <li>{t('exam.aboutRules')}</li>
          <li>{scoreText}</li>
        </ul>
        <p className="setup-about__note">{t('exam.indicative')}</p>
      </div>
      <details className="setup-exam-themes">
        <summary>{t('exam.themesSummary')}</summary>
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
      </details>
      <div className="form-actions">
        <Button className="form-actions__cancel" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button
          type="primary"
          disabled={!canStart || needsElective}
          loading={isStarting}
          onClick={() => onStart(electiveId)}
        >
          {t('exam.start')}
        </Button>
      </div>
    </section>
  );
}
