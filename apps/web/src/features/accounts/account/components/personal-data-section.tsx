import '../lib/profile-i18n.ts';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../../components/form-field.tsx';
import { PlainInput, PlainPassword } from '../../../../components/plain-controls.tsx';
import { formatPhone, formatTaxId } from '../../../../lib/format.ts';
import { chileanMobileDigits, maskChileanMobile } from '../../../../lib/phone-mask.ts';
import type { SessionUser } from '../../../../lib/session.ts';
import { useFormFields } from '../../../../lib/use-form-fields.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import {
  isNewEmail,
  personalDataCheck,
  type PersonalDataField,
} from '../lib/account-validation.ts';
import { useAccountSection } from '../lib/use-account-section.ts';
import { AccountSection, ReadOnlyFields } from './account-section.tsx';
import { PendingEmailNotice } from './pending-email-notice.tsx';
import { Identity } from '../../../../components/identity.tsx';

const FIELDS: readonly PersonalDataField[] = [
  'name',
  'last_name',
  'email',
  'phone',
  'current_password',
];
const idOf = (field: string) => `personal-${field}`;

/** A Chilean Rut reads best dotted (12.345.678-5); a DNI stays as it was given. */
const displayedTaxId = (user: SessionUser) => formatTaxId(user.tax_id, user.country_id);

function valuesOf(user: SessionUser): Record<PersonalDataField, string> {
  return {
    name: user.name,
    last_name: user.last_name,
    email: user.email,
    // Edited with the registration's mask, +56 9 1234 5678; sent as digits.
    phone: formatPhone(user.phone),
    current_password: '',
  };
}

/** The masked phone as the API takes it: digits, or nothing when emptied. */
function phoneToSend(value: string): string | undefined {
  return chileanMobileDigits(value) || undefined;
}

/**
 * Name, last name, tax id (read-only), e-mail and mobile phone -> `PATCH api/me`. A new e-mail
 * address asks for the current password, and waits for its link (the pending notice) before it
 * replaces the account's.
 */
export function PersonalDataSection({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const section = useAccountSection();
  const form = useFormFields(valuesOf(user), personalDataCheck(user.email));
  const update = useUpdateProfile();
  const isChangingEmail = isNewEmail(form.values.email, user.email);

  async function save() {
    const found = form.validateAll();
    if (Object.keys(found).length > 0) return section.invalid();
    try {
      const { message } = await update.mutateAsync({
        name: form.values.name.trim(),
        last_name: form.values.last_name.trim(),
        email: form.values.email.trim(),
        phone: phoneToSend(form.values.phone),
        ...(isChangingEmail ? { current_password: form.values.current_password } : {}),
      });
      section.saved(message);
    } catch (error) {
      section.failed(error, FIELDS, form.setErrors);
    }
  }

  const input = (field: PersonalDataField) => form.inputProps(field, idOf(field));

  return (
    <AccountSection
      id="personal"
      title={t('account.personal.title')}
      section={section}
      onEdit={() => form.reset(valuesOf(user))}
      isSaving={update.isPending}
      onSubmit={() => void save()}
      onCancel={() => form.reset(valuesOf(user))}
      view={
        <>
          {user.pending_email && (
            <PendingEmailNotice
              accountEmail={user.email}
              pendingEmail={user.pending_email}
              onCanceled={section.saved}
            />
          )}
          <ReadOnlyFields
            items={[
              { label: t('account.personal.name'), value: user.name },
              { label: t('account.personal.lastName'), value: user.last_name },
              {
                label: t('account.personal.taxId'),
                value: displayedTaxId(user) && <Identity value={displayedTaxId(user)} />,
              },
              { label: t('account.personal.email'), value: <Identity value={user.email} /> },
              { label: t('account.personal.phone'), value: formatPhone(user.phone) },
            ]}
          />
        </>
      }
      form={
        <>
          <div className="form-grid">
            <FormField
              id={idOf('name')}
              label={t('account.personal.name')}
              error={form.errors.name}
            >
              <PlainInput {...input('name')} autoComplete="given-name" />
            </FormField>
            <FormField
              id={idOf('last_name')}
              label={t('account.personal.lastName')}
              error={form.errors.last_name}
            >
              <PlainInput {...input('last_name')} autoComplete="family-name" />
            </FormField>
          </div>
          <FormField id={idOf('tax_id')} label={t('account.personal.taxId')}>
            {/* The tax id cannot be changed (spec 000, section 5). */}
            <PlainInput id={idOf('tax_id')} value={displayedTaxId(user)} readOnly disabled />
          </FormField>
          <div className="form-grid">
            <FormField
              id={idOf('email')}
              label={t('account.personal.email')}
              error={form.errors.email}
            >
              <PlainInput
                {...input('email')}
                inputMode="email"
                autoComplete="email"
                autoCapitalize="none"
                spellCheck={false}
              />
            </FormField>
            <FormField
              id={idOf('phone')}
              label={t('account.personal.phone')}
              error={form.errors.phone}
            >
              <PlainInput
                {...input('phone')}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder="+56 9 1234 5678"
                onChange={(event) => form.setValue('phone', maskChileanMobile(event.target.value))}
              />
            </FormField>
          </div>
          {isChangingEmail && (
            <>
              <p className="account-card__text">{t('account.personal.currentPasswordHint')}</p>
              <FormField
                id={idOf('current_password')}
                label={t('account.personal.currentPassword')}
                error={form.errors.current_password}
              >
                <PlainPassword {...input('current_password')} autoComplete="current-password" />
              </FormField>
            </>
          )}
        </>
      }
    />
  );
}
