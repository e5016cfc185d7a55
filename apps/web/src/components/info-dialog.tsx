import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A blocking information message with one button (the spec's "info modal"); `onClosed` runs once
 * it has faded out, so a page can move on (to /login, or reload) after the student read it.
 */
export function InfoDialog({
  title,
  content,
  onClosed,
}: {
  title: string;
  content: string;
  onClosed: () => void;
}) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(true);
  const close = () => setIsOpen(false);
  return (
    <Modal
      open={isOpen}
      title={title}
      onCancel={close}
      afterClose={onClosed}
      footer={
        <Button type="primary" onClick={close} autoFocus>
          {t('errors.ok')}
        </Button>
      }
    >
      <p role="status">{content}</p>
    </Modal>
  );
}
