import Radio from 'antd/es/radio';
import { useTranslation } from 'react-i18next';
import { SELECTION_MODES } from '@ensaya/core/engine/setup';
import { TEST_SETUP_NAMESPACE } from '../lib/test-setup-i18n.ts';
import { SetupSwitch } from './setup-switch.tsx';

/**
 * The options a mock exam or a past test fixes (spec 001, section 2): "all questions" chosen and
 * the other three ways disabled, and the four switches shown as they apply, disabled; only a past
 * test lets the student choose random answers.
 */
export function FixedOptions({
  hasTimer,
  randomQuestion,
  randomAnswer,
  studyMode,
  onRandomAnswerChange,
}: {
  hasTimer: boolean;
  randomQuestion: boolean;
  randomAnswer: boolean;
  studyMode: boolean;
  onRandomAnswerChange?: (checked: boolean) => void;
}) {
  const { t } = useTranslation(TEST_SETUP_NAMESPACE);
  return (
    <div className="setup-fixed">
      <fieldset className="setup-fieldset">
        <legend>{t('practice.modesLegend')}</legend>
        <Radio.Group disabled value={SELECTION_MODES.all} className="setup-fixed__modes">
          <Radio value={SELECTION_MODES.all}>{t('practice.modeAll')}</Radio>
          <Radio value={SELECTION_MODES.count}>{t('practice.modeCount')}</Radio>
          <Radio value={SELECTION_MODES.range}>{t('practice.modeRange')}</Radio>
          <Radio value={SELECTION_MODES.byTheme}>{t('practice.modeThemes')}</Radio>
        </Radio.Group>
      </fieldset>
      <fieldset className="setup-fieldset setup-switches">
        <legend>{t('practice.switchesLegend')}</legend>
        <SetupSwitch label={t('practice.timer')} checked={hasTimer} disabled />
        <SetupSwitch label={t('practice.randomQuestion')} checked={randomQuestion} disabled />
        <SetupSwitch
          label={t('practice.randomAnswer')}
          checked={randomAnswer}
          disabled={!onRandomAnswerChange}
          onChange={onRandomAnswerChange}
        />
        <SetupSwitch label={t('practice.studyMode')} checked={studyMode} disabled />
      </fieldset>
    </div>
  );
}
