import '../lib/profile-i18n.ts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Identity } from '../../../../components/identity.tsx';
import { PlainButton } from '../../../../components/plain-controls.tsx';
import { initials } from '../../../../lib/format.ts';
import type { SessionUser } from '../../../../lib/session.ts';

// The change-avatar dialog (Ant Design's Modal, with its own scope) loads when first asked for:
// the account page's first screen is drawn without Ant Design. Pointing at the button starts it.
const loadModal = () => import('./change-avatar-modal.tsx');
const ChangeAvatarModal = lazy(async () => ({ default: (await loadModal()).ChangeAvatarModal }));
/** A head start only: a failed one is tried again when the dialog opens. */
const preloadModal = () => void loadModal().catch(() => undefined);

/** The account's picture, or its initials when there is none (or it fails to load). */
function AvatarImage({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const [failedSrc, setFailedSrc] = useState<string>();
  const src = user.avatar && user.avatar !== failedSrc ? user.avatar : undefined;
  return (
    <span
      className={src ? 'avatar-block__image avatar-block__image--picture' : 'avatar-block__image'}
    >
      {src ? (
        <img
          src={src}
          alt={t('account.avatar.alt', { name: user.name })}
          onError={() => setFailedSrc(src)}
        />
      ) : (
        initials(user.name, user.last_name)
      )}
    </span>
  );
}

/** The account's avatar (or initials) and name, with the change-avatar dialog. */
export function AvatarBlock({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const [isModalOpen, setIsModalOpen] = useState(false);
  // Kept once opened: the dialog closes with its animation, and its saved notice outlives it.
  const [hasOpenedModal, setHasOpenedModal] = useState(false);

  return (
    <section className="avatar-block" aria-label={t('account.avatar.label')}>
      <AvatarImage user={user} />
      <div className="avatar-block__text">
        <p className="avatar-block__name">
          {user.name} {user.last_name}
        </p>
        <p className="avatar-block__email">
          <Identity value={user.email} />
        </p>
        <PlainButton
          onPointerEnter={preloadModal}
          onFocus={preloadModal}
          onClick={() => {
            setHasOpenedModal(true);
            setIsModalOpen(true);
          }}
        >
          {t('account.avatar.change')}
        </PlainButton>
      </div>
      {hasOpenedModal && (
        <Suspense fallback={null}>
          <ChangeAvatarModal open={isModalOpen} onClose={() => setIsModalOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}
