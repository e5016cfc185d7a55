import '../lib/profile-i18n.ts';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../../components/form-field.tsx';
import { PlainPassword } from '../../../../components/plain-controls.tsx';
import { PasswordRules } from '../../../../components/password-rules.tsx';
import { useFormFields } from '../../../../lib/use-form-fields.ts';
import { useChangePassword } from '../api/change-password.ts';
import { checkPasswordField, type PasswordField } from '../lib/account-validation.ts';
import { useAccountSection } from '../lib/use-account-section.ts';
import { AccountSection } from './account-section.tsx';

const FIELDS: readonly PasswordField[] = [
  'old_password',
  'new_password',
  'new_password_confirmation',
];
const EMPTY: Record<PasswordField, string> = {
  old_password: '',
  new_password: '',
  new_password_confirmation: '',
};
const idOf = (field: string) => `password-${field}`;

/** Current, new and confirmation -> `POST api/change-password`. */
export function PasswordSection() {
  const { t } = useTranslation();
  const section = useAccountSection();
  const form = useFormFields(EMPTY, checkPasswordField);
  const change = useChangePassword();

  async function save() {
    const found = form.validateAll();
    if (Object.keys(found).length > 0) return section.invalid();
    try {
      section.saved(await change.mutateAsync(form.values));
      form.reset();
    } catch (error) {
      section.failed(error, FIELDS, form.setErrors);
    }
  }

  const input = (field: PasswordField) => form.inputProps(field, idOf(field));

  return (
    <AccountSection
      id="password"
      title={t('account.password.title')}
      section={section}
      isSaving={change.isPending}
      onSubmit={() => void save()}
      onEdit={() => form.reset()}
      onCancel={() => form.reset()}
      view={<p className="account-card__text">{t('account.password.hint')}</p>}
      form={
        <>
          <FormField
            id={idOf('old_password')}
            label={t('account.password.current')}
            error={form.errors.old_password}
          >
            <PlainPassword {...input('old_password')} autoComplete="current-password" />
          </FormField>
          <FormField
            id={idOf('new_password')}
            label={t('account.password.new')}
            error={form.errors.new_password}
          >
            <PlainPassword {...input('new_password')} autoComplete="new-password" />
          </FormField>
          <PasswordRules />
          <FormField
            id={idOf('new_password_confirmation')}
            label={t('account.password.confirmation')}
            error={form.errors.new_password_confirmation}
          >
            <PlainPassword {...input('new_password_confirmation')} autoComplete="new-password" />
          </FormField>
        </>
      }
    />
  );
}
