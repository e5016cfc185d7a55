import Button from 'antd/es/button';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpStatus } from '@ensaya/core/api/http';
import { FormField } from '../../../components/form-field.tsx';
import { isApiRequestError, showApiError } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import type { SessionUser } from '../../../lib/session.ts';
import { useLogin } from '../api/login.ts';
import { loginFieldError } from '../lib/login-validation.ts';
import { ResendVerificationLink } from './resend-verification-link.tsx';

type Field = 'email' | 'password';
type FieldErrors = Partial<Record<Field, string>>;

/** Errors the form shows itself; anything else goes to the central error dialog. */
const INLINE_STATUSES: readonly number[] = [
  HttpStatus.unauthorized,
  HttpStatus.forbidden,
  HttpStatus.unprocessable,
  HttpStatus.tooManyRequests,
];

export function LoginForm({
  routeAfterLogin,
  onLoggedIn,
}: {
  /** Where the user goes, asked once logged in (spec 000, section 4). */
  routeAfterLogin: (user: SessionUser) => Promise<string>;
  onLoggedIn: (route: string) => void;
}) {
  const { t } = useTranslation();
  const login = useLogin(routeAfterLogin);
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  /** The right password of an unverified e-mail: not an error, a step left to do (spec 000, section 8). */
  const [verifyNotice, setVerifyNotice] = useState<{ message: string; userId: number | string }>();

  function validate(fields: readonly Field[]): FieldErrors {
    const found: FieldErrors = {};
    for (const field of fields) {
      found[field] = loginFieldError(field, values[field], currentLanguage());
    }
    return found;
  }

  function handleBlur(field: Field) {
    // Only a field the student has typed in: tabbing through an empty form is not an error.
    if (values[field] === '' && !errors[field]) return;
    const found = validate([field]);
    setErrors((current) => ({ ...current, [field]: found[field] }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    setVerifyNotice(undefined);
    const found = validate(['email', 'password']);
    setErrors(found);
    const firstInvalid = (['email', 'password'] as const).find((field) => found[field]);
    if (firstInvalid) {
      document.getElementById(`login-${firstInvalid}`)?.focus();
      return;
    }

    try {
      const { route } = await login.mutateAsync({
        email: values.email.trim(),
        password: values.password.trim(),
      });
      onLoggedIn(route);
    } catch (error) {
      if (!isApiRequestError(error) || !INLINE_STATUSES.includes(error.status)) {
        showApiError(error);
      } else if (error.status === HttpStatus.tooManyRequests) {
        setFormError(t('errors.tooManyAttempts'));
      } else if (error.status === HttpStatus.forbidden) {
        const userId = error.bodyField('user_id');
        const message = error.fieldError('verify') ?? error.message;
        if (typeof userId === 'number' || typeof userId === 'string') {
          setVerifyNotice({ message, userId });
        } else {
          setFormError(message);
        }
      } else {
        setFormError(error.message);
        setErrors({ email: error.fieldError('email'), password: error.fieldError('password') });
      }
    }
  }

  function fieldProps(field: Field) {
    const id = `login-${field}`;
    return {
      id,
      name: field,
      value: values[field],
      size: 'large' as const,
      status: errors[field] ? ('error' as const) : undefined,
      'aria-invalid': errors[field] ? true : undefined,
      'aria-describedby': errors[field] ? `${id}-error` : undefined,
      onBlur: () => handleBlur(field),
      onChange: (event: { target: { value: string } }) =>
        setValues((current) => ({ ...current, [field]: event.target.value })),
    };
  }

  return (
    <form className="login-form" noValidate onSubmit={(event) => void handleSubmit(event)}>
      {formError && (
        <div className="form-alert" role="alert">
          {formError}
        </div>
      )}
      {verifyNotice && (
        <div className="form-info">
          <p className="form-info__text" role="status">
            {verifyNotice.message}
          </p>
          <ResendVerificationLink userId={verifyNotice.userId} />
        </div>
      )}
      <FormField id="login-email" label={t('login.email')} error={errors.email}>
        <Input
          {...fieldProps('email')}
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
      </FormField>
      <FormField id="login-password" label={t('login.password')} error={errors.password}>
        <Password {...fieldProps('password')} autoComplete="current-password" />
      </FormField>
      <Button type="primary" htmlType="submit" size="large" block loading={login.isPending}>
        {t('login.submit')}
      </Button>
    </form>
  );
}
