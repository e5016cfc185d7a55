import '../lib/profile-i18n.ts';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainButton } from '../../../../components/plain-controls.tsx';
import type { AccountSectionState } from '../lib/use-account-section.ts';

/**
 * One card of the account page with its own edit toggle (spec 000, screen 9): the read-only view,
 * or the form with Save and Cancel.
 */
export function AccountSection({
  id,
  title,
  section,
  view,
  form,
  onSubmit,
  onEdit,
  onCancel,
  isSaving,
  canEdit = true,
}: {
  id: string;
  title: string;
  section: AccountSectionState;
  view: ReactNode;
  form: ReactNode;
  onSubmit: () => void;
  /** Before the form opens: fill it from the current profile. */
  onEdit: () => void;
  onCancel: () => void;
  isSaving: boolean;
  canEdit?: boolean;
}) {
  const { t } = useTranslation();
  const titleId = `${id}-title`;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <section className="account-card" aria-labelledby={titleId}>
      <header className="account-card__header">
        <h2 id={titleId} className="account-card__title">
          {title}
        </h2>
        {!section.isEditing && (
          <PlainButton
            onClick={() => {
              onEdit();
              section.open();
            }}
            disabled={!canEdit}
            aria-label={t('account.editSection', { section: title })}
          >
            {t('account.edit')}
          </PlainButton>
        )}
      </header>
      {section.isEditing ? (
        <form noValidate onSubmit={handleSubmit} aria-labelledby={titleId}>
          {section.formMessage && (
            <div className="form-alert" role="alert">
              {section.formMessage.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </div>
          )}
          {form}
          <div className="form-actions">
            <PlainButton
              onClick={() => {
                onCancel();
                section.close();
              }}
            >
              {t('form.cancel')}
            </PlainButton>
            <PlainButton variant="primary" type="submit" loading={isSaving}>
              {t('form.save')}
            </PlainButton>
          </div>
        </form>
      ) : (
        <>
          {section.savedMessage && (
            <p className="account-card__saved" role="status">
              {section.savedMessage}
            </p>
          )}
          {view}
        </>
      )}
    </section>
  );
}

/** The read-only view of a section: labels and values. */
export function ReadOnlyFields({ items }: { items: { label: string; value: ReactNode }[] }) {
  const { t } = useTranslation();
  return (
    <dl className="account-card__fields">
      {items.map((item) => (
        <div key={item.label} className="account-card__field">
          <dt>{item.label}</dt>
          <dd>{item.value === '' || item.value == null ? t('account.empty') : item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
