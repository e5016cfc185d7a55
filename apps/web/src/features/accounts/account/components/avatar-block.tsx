import '../lib/profile-i18n.ts';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StorageKey } from '@ensaya/core/storage-keys';
import { InfoDialog } from '../../../../components/info-dialog.tsx';
import { initials } from '../../../../lib/format.ts';
import { pageReload } from '../../../../lib/page-reload.ts';
import type { SessionUser } from '../../../../lib/session.ts';
import { writeStored } from '../../../../lib/storage.ts';
import { ChangeAvatarModal } from './change-avatar-modal.tsx';
import { Identity } from '../../../../components/identity.tsx';

/** The account's avatar (or initials) and name, with the change-avatar modal. */
export function AvatarBlock({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const [isModalOpen, setIsModalOpen] = useState(false);
  const [saved, setSaved] = useState<{ avatar: string; message: string }>();

  return (
    <section className="avatar-block" aria-label={t('account.avatar.label')}>
      <Avatar
        className="avatar-block__image"
        size={96}
        src={user.avatar || undefined}
        alt={user.avatar ? t('account.avatar.alt', { name: user.name }) : undefined}
      >
        {initials(user.name, user.last_name)}
      </Avatar>
      <div className="avatar-block__text">
        <p className="avatar-block__name">
          {user.name} {user.last_name}
        </p>
        <p className="avatar-block__email">
          <Identity value={user.email} />
        </p>
        <Button onClick={() => setIsModalOpen(true)}>{t('account.avatar.change')}</Button>
      </div>
      <ChangeAvatarModal
        open={isModalOpen}
        onClose={() => setIsModalOpen(false)}
        onSaved={(avatar, message) => {
          setIsModalOpen(false);
          setSaved({ avatar, message });
        }}
      />
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
    </section>
  );
}
