import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import { TEST_TAKING_NAMESPACE } from '../lib/test-taking-i18n.ts';

/**
 * The subject already has a test in progress (409): open that one, or send it and start the new
 * one.
 */
export function StartConflictDialog({
  message,
  isReplacing,
  onResume,
  onReplace,
  onCancel,
}: {
  message: string;
  isReplacing: boolean;
  onResume: () => void;
  onReplace: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(TEST_TAKING_NAMESPACE);
  return (
    <Modal
      open
      className="modal--stacked-actions"
      title={t('conflict.title')}
      onCancel={onCancel}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          {t('conflict.cancel')}
        </Button>,
        <Button key="replace" danger loading={isReplacing} onClick={onReplace}>
          {t('conflict.replace')}
        </Button>,
        <Button key="resume" type="primary" onClick={onResume} autoFocus>
          {t('conflict.resume')}
        </Button>,
      ]}
    >
      <p>{message}</p>
      <p>{t('conflict.explanation')}</p>
    </Modal>
  );
}
