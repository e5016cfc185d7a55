import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AntdScope } from '../app/antd-scope.tsx';

/**
 * A blocking error message with one button; `onClosed` runs once it has faded out. It opens outside
 * any page (app/feedback-host.tsx), so it brings its own Ant Design scope.
 */
export function ErrorDialog({
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
    <AntdScope>
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
        <p>{content}</p>
      </Modal>
    </AntdScope>
  );
}
