import Button from 'antd/es/button';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormField } from '../../../../components/form-field.tsx';
import { InfoDialog } from '../../../../components/info-dialog.tsx';
import { PasswordRules } from '../../../../components/password-rules.tsx';
import { isApiRequestError, showApiError } from '../../../../lib/api-client.ts';
import { showErrorDialog } from '../../../../lib/app-bridge.ts';
import {
  focusFirstError,
  serverFieldErrors,
  useFormFields,
} from '../../../../lib/use-form-fields.ts';
import { useResetPassword } from '../api/reset-password.ts';
import {
  checkResetPasswordField,
  type ResetPasswordField,
} from '../lib/password-reset-validation.ts';

const FIELDS: readonly ResetPasswordField[] = ['email', 'password', 'password_confirmation'];
const idOf = (field: ResetPasswordField) => `reset-${field}`;

/**
 * `/resetpassword?token=...&email=...` (spec 000, screen 3): a new password with the token of the
 * e-mail. Success shows the server's message, then the login; a refused token, an error dialog.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const form = useFormFields(
    { email: searchParams.get('email') ?? '', password: '', password_confirmation: '' },
    checkResetPasswordField,
  );
  const reset = useResetPassword();
  const [doneMessage, setDoneMessage] = useState<string>();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors = form.validateAll();
    if (Object.keys(errors).length > 0) {
      focusFirstError(errors, FIELDS, idOf);
      return;
    }
    try {
      setDoneMessage(
        await reset.mutateAsync({
          token,
          email: form.values.email.trim(),
          password: form.values.password,
          password_confirmation: form.values.password_confirmation,
        }),
      );
    } catch (error) {
      if (isApiRequestError(error) && !error.handled && error.status === 422) {
        const { errors: fieldErrors } = serverFieldErrors(error, FIELDS);
        form.setErrors(fieldErrors);
        // The token's own message says what happened (used, expired); else the general one.
        showErrorDialog(t('errors.title'), error.fieldError('token') ?? error.message);
      } else {
        showApiError(error);
      }
    }
  }

  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="reset-title">
        <h1 id="reset-title" className="auth-card__title">
          {t('pages.resetPassword.title')}
        </h1>
        {token === '' ? (
          <>
            <div className="form-alert" role="alert">
              {t('passwordReset.missingToken')}
            </div>
            <div className="auth-card__links">
              <Link to="/olvido">{t('passwordReset.askAgain')}</Link>
              <Link to="/login">{t('passwordReset.backToLogin')}</Link>
            </div>
          </>
        ) : (
          <>
            <p className="auth-card__lead">{t('passwordReset.resetLead')}</p>
            <form noValidate onSubmit={(event) => void handleSubmit(event)}>
              <FormField id={idOf('email')} label={t('login.email')} error={form.errors.email}>
                <Input
                  {...form.inputProps('email', idOf('email'))}
                  size="large"
                  inputMode="email"
                  autoComplete="username"
                  autoCapitalize="none"
                  spellCheck={false}
                />
              </FormField>
              <FormField
                id={idOf('password')}
                label={t('passwordReset.newPassword')}
                error={form.errors.password}
              >
                <Password
                  {...form.inputProps('password', idOf('password'))}
                  size="large"
                  autoComplete="new-password"
                />
              </FormField>
              <PasswordRules />
              <FormField
                id={idOf('password_confirmation')}
                label={t('passwordReset.confirmation')}
                error={form.errors.password_confirmation}
              >
                <Password
                  {...form.inputProps('password_confirmation', idOf('password_confirmation'))}
                  size="large"
                  autoComplete="new-password"
                />
              </FormField>
              <div className="form-actions">
                <Link to="/login" className="form-actions__cancel">
                  {t('form.cancel')}
                </Link>
                <Button type="primary" htmlType="submit" size="large" loading={reset.isPending}>
                  {t('passwordReset.submit')}
                </Button>
              </div>
            </form>
          </>
        )}
      </section>
      {doneMessage !== undefined && (
        <InfoDialog
          title={t('passwordReset.doneTitle')}
          content={doneMessage}
          onClosed={() => void navigate('/login', { replace: true })}
        />
      )}
    </div>
  );
}
