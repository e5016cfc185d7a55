import '../lib/profile-i18n.ts';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { StorageKey } from '@ensaya/core/storage-keys';
import { AntdScope } from '../../../../app/antd-scope.tsx';
import { InfoDialog } from '../../../../components/info-dialog.tsx';
import { isApiRequestError, showApiError } from '../../../../lib/api-client.ts';
import { showErrorDialog } from '../../../../lib/app-bridge.ts';
import { coreMessage } from '../../../../lib/core-message.ts';
import { pageReload } from '../../../../lib/page-reload.ts';
import { writeStored } from '../../../../lib/storage.ts';
import { useUploadAvatar } from '../api/upload-avatar.ts';
import { AVATAR_ACCEPT, AVATAR_MAX_BYTES, avatarFileProblem } from '../lib/avatar-file.ts';

const INPUT_ID = 'avatar-file';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

/**
 * Pick, preview and save a new avatar (spec 000, screen 9 and section 8), then the server's message
 * before the page reloads with it. Ant Design's Modal in a chunk of its own, loaded when the
 * student first asks for it (avatar-block.tsx): the account page is drawn outside Ant Design's
 * scope, so the dialogs bring their own.
 */
export function ChangeAvatarModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const upload = useUploadAvatar();
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);
  const [saved, setSaved] = useState<{ avatar: string; message: string }>();

  function clear() {
    setFile(undefined);
    setPreview(undefined);
    if (inputRef.current) inputRef.current.value = '';
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    const problem = avatarFileProblem(chosen);
    if (problem) {
      clear();
      // The server's own messages for the same refusals (core's catalogue).
      showErrorDialog(
        t('errors.title'),
        coreMessage(problem === 'type' ? 'avatar.type' : 'avatar.tooLarge'),
      );
      return;
    }
    setFile(chosen);
    setPreview(await readAsDataUrl(chosen).catch(() => undefined));
  }

  async function save() {
    if (!file) {
      showErrorDialog(t('errors.title'), coreMessage('avatar.required'));
      return;
    }
    try {
      const { data, message } = await upload.mutateAsync(file);
      clear();
      onClose();
      setSaved({ avatar: data, message });
    } catch (error) {
      if (isApiRequestError(error) && !error.handled && error.status === 422) {
        // "Failure: error modal with the server errors" (spec 000, section 8).
        const details = Object.values(error.fieldErrors).flat();
        showErrorDialog(t('errors.title'), [error.message, ...details].join(' '));
      } else {
        showApiError(error);
      }
    }
  }

  return (
    <AntdScope>
      <Modal
        open={open}
        title={t('account.avatar.title')}
        onCancel={() => {
          clear();
          onClose();
        }}
        footer={[
          <Button
            key="cancel"
            onClick={() => {
              clear();
              onClose();
            }}
          >
            {t('form.cancel')}
          </Button>,
          <Button key="save" type="primary" loading={upload.isPending} onClick={() => void save()}>
            {t('form.save')}
          </Button>,
        ]}
      >
        <div className="avatar-picker">
          <label htmlFor={INPUT_ID} className="avatar-picker__label">
            {t('account.avatar.choose')}
          </label>
          <input
            ref={inputRef}
            id={INPUT_ID}
            className="avatar-picker__input"
            type="file"
            accept={AVATAR_ACCEPT}
            aria-describedby={`${INPUT_ID}-hint`}
            onChange={(event) => void choose(event)}
          />
          <p id={`${INPUT_ID}-hint`} className="avatar-picker__hint">
            {t('account.avatar.hint', { max: AVATAR_MAX_BYTES / (1024 * 1024) })}
          </p>
          {preview && (
            <img
              className="avatar-picker__preview"
              src={preview}
              alt={t('account.avatar.preview')}
            />
          )}
        </div>
      </Modal>
      {saved && (
        <InfoDialog
          title={t('account.avatar.savedTitle')}
          content={saved.message}
          onClosed={() => {
            // "Stored avatar is updated and the page reloads" (spec 000, section 4).
            writeStored(StorageKey.avatar, saved.avatar);
            pageReload.reload();
          }}
        />
      )}
    </AntdScope>
  );
}
