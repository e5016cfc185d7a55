import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import { AntdScope } from '../../app/antd-scope.tsx';
import { TEST_TAKING_NAMESPACE } from '../lib/test-taking-i18n.ts';

/**
 * The confirmation before an attempt is sent, by the finish button or by leaving: what is
 * answered, unanswered and marked. Ant Design's dialog, in a chunk of its own with its own scope:
 * the test page draws its first screen without Ant Design (test-player.tsx loads this once the
 * student starts working).
 */
export function FinishDialog({
  kind,
  counts,
  isSending,
  onSend,
  onCancel,
}: {
  kind: 'finish' | 'leave';
  counts: { answered: number; unanswered: number; marked: number };
  isSending: boolean;
  onSend: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(TEST_TAKING_NAMESPACE);
  const isLeaving = kind === 'leave';
  return (
    <AntdScope>
      <Modal
        open
        title={isLeaving ? t('finish.leaveTitle') : t('finish.title')}
        okText={isLeaving ? t('finish.leaveConfirm') : t('finish.confirm')}
        cancelText={t('finish.cancel')}
        confirmLoading={isSending}
        onOk={onSend}
        onCancel={onCancel}
      >
        <p>{isLeaving ? t('finish.leaveQuestion') : t('finish.question')}</p>
        <p>{t('finish.summary', counts)}</p>
      </Modal>
    </AntdScope>
  );
}
