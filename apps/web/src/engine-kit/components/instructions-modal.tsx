import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import type { Attempt } from '@ensaya/core/contracts/engine';
import { AntdScope } from '../../app/antd-scope.tsx';
import { TEST_TAKING_NAMESPACE } from '../lib/test-taking-i18n.ts';

/**
 * The instructions the student continues from before the test starts (spec 001, section 4): the
 * clock starts on "Continue", and the keyboard shortcuts are listed. Ant Design's dialog with its
 * own scope: the test page loads it lazily, only for an attempt not yet begun.
 */
export function InstructionsModal({
  open,
  attempt,
  isBeginning = false,
  onContinue,
}: {
  open: boolean;
  attempt: Pick<Attempt, 'questions' | 'seconds' | 'study_mode' | 'subject_name'>;
  /** The server is starting the clock. */
  isBeginning?: boolean;
  onContinue: () => void;
}) {
  const { t } = useTranslation(TEST_TAKING_NAMESPACE);
  const minutes = attempt.seconds === null ? null : Math.round(attempt.seconds / 60);
  return (
    <AntdScope>
      <Modal
        open={open}
        title={t('instructions.title')}
        closable={false}
        mask={{ closable: false }}
        keyboard={false}
        footer={
          <Button type="primary" onClick={onContinue} loading={isBeginning} autoFocus>
            {t('instructions.continue')}
          </Button>
        }
      >
        <p>{t('instructions.intro', { subject: attempt.subject_name })}</p>
        <ul className="instructions__list">
          <li>{t('instructions.questions', { count: attempt.questions.length })}</li>
          <li>
            {minutes === null ? t('instructions.noTimer') : t('instructions.timer', { minutes })}
          </li>
          <li>{t('instructions.answer')}</li>
          <li>{t('instructions.mark')}</li>
          <li>{t('instructions.shortcuts')}</li>
          <li>{t('instructions.saved')}</li>
          {attempt.study_mode && <li>{t('instructions.studyMode')}</li>}
          <li>{t('instructions.finish')}</li>
          <li>{t('instructions.leaving')}</li>
        </ul>
      </Modal>
    </AntdScope>
  );
}
