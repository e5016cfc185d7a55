import Button from 'antd/es/button';
import Input from 'antd/es/input/Input';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormField } from '../../../../components/form-field.tsx';
import { showApiError } from '../../../../lib/api-client.ts';
import { focusFirstError, useFormFields } from '../../../../lib/use-form-fields.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { checkForgotPasswordField } from '../lib/password-reset-validation.ts';

const FIELD_ID = 'forgot-email';

/** `/olvido` (spec 000, screen 2): asks for a reset link; shows the status text the API returns. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const form = useFormFields({ email: '' }, checkForgotPasswordField);
  const forgot = useForgotPassword();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors = form.validateAll();
    if (errors.email) {
      focusFirstError(errors, ['email'], () => FIELD_ID);
      return;
    }
    try {
      await forgot.mutateAsync({ email: form.values.email.trim() });
    } catch (error) {
      // "Forgot or reset failure: error modal with the server message" (spec 000, section 8).
      showApiError(error);
    }
  }

  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="forgot-title">
        <h1 id="forgot-title" className="auth-card__title">
          {t('pages.forgotPassword.title')}
        </h1>
        {forgot.isSuccess ? (
          <>
            <p className="form-info form-info__text" role="status">
              {forgot.data}
            </p>
            <div className="auth-card__links">
              <Link to="/login">{t('passwordReset.backToLogin')}</Link>
            </div>
          </>
        ) : (
          <>
            <p className="auth-card__lead">{t('passwordReset.forgotLead')}</p>
            <form noValidate onSubmit={(event) => void handleSubmit(event)}>
              <FormField id={FIELD_ID} label={t('login.email')} error={form.errors.email}>
                <Input
                  {...form.inputProps('email', FIELD_ID)}
                  size="large"
                  inputMode="email"
                  autoComplete="email"
                  autoCapitalize="none"
                  spellCheck={false}
                />
              </FormField>
              <div className="form-actions">
                <Link to="/login" className="form-actions__cancel">
                  {t('form.cancel')}
                </Link>
                <Button type="primary" htmlType="submit" size="large" loading={forgot.isPending}>
                  {t('passwordReset.send')}
                </Button>
              </div>
            </form>
          </>
        )}
      </section>
    </div>
  );
}
