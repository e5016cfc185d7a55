import { useState, type FocusEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpStatus } from '@ensaya/core/api/http';
import { FormField } from '../../../../components/form-field.tsx';
import { PlainButton, PlainInput, PlainPassword } from '../../../../components/plain-controls.tsx';
import { isApiRequestError, showApiError } from '../../../../lib/api-client.ts';
import { currentLanguage } from '../../../../lib/i18n.ts';
import type { SessionUser } from '../../../../lib/session.ts';
import { useLogin } from '../api/login.ts';
import type { ResendTarget } from '../api/resend-verification.ts';
import { loginFieldError } from '../lib/login-validation.ts';
import { ResendVerificationLink } from './resend-verification-link.tsx';

type Field = 'email' | 'password';
type FieldErrors = Partial<Record<Field, string>>;

const FORM_ALERT_ID = 'login-alert';

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
  /** Fields the banner's message is about (wrong credentials): marked, without a second message. */
  const [bannerFields, setBannerFields] = useState<readonly Field[]>([]);
  /** The right password of an unverified e-mail: not an error, a step left to do (spec 000, section 8). */
  const [verifyNotice, setVerifyNotice] = useState<{ message: string; target: ResendTarget }>();

  function validate(fields: readonly Field[]): FieldErrors {
    const found: FieldErrors = {};
    for (const field of fields) {
      found[field] = loginFieldError(field, values[field], currentLanguage());
    }
    return found;
  }

  function handleBlur(field: Field, event: FocusEvent<HTMLInputElement>) {
    // Leaving the field for the submit button: the submit validates everything. Showing or hiding a
    // message now would move the button between press and release, and the click would be lost.
    if ((event.relatedTarget as HTMLElement | null)?.getAttribute('type') === 'submit') return;
    // Only a field the student has typed in: tabbing through an empty form is not an error.
    if (values[field] === '' && !errors[field]) return;
    const found = validate([field]);
    setErrors((current) => ({ ...current, [field]: found[field] }));
  }

  function handleChange(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    // A correction answers the server's message: it goes while typing, not when the field is left.
    if (bannerFields.includes(field)) {
      setFormError(undefined);
      setBannerFields([]);
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    setBannerFields([]);
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
        const token = error.bodyField('resend_token');
        const message = error.fieldError('verify') ?? error.message;
        if (
          (typeof userId === 'number' || typeof userId === 'string') &&
          typeof token === 'string'
        ) {
          setVerifyNotice({ message, target: { userId, token } });
        } else {
          setFormError(message);
        }
      } else {
        // One message: the banner when the fields repeat it (wrong credentials), else each field's own.
        const fieldErrors = {
          email: error.fieldError('email'),
          password: error.fieldError('password'),
        };
        const own = (['email', 'password'] as const).filter(
          (field) => fieldErrors[field] && fieldErrors[field] !== error.message,
        );
        if (own.length > 0) {
          setErrors(Object.fromEntries(own.map((field) => [field, fieldErrors[field]])));
        } else {
          setFormError(error.message);
          // Wrong credentials are about the pair: both fields are marked.
          setBannerFields(['email', 'password']);
        }
      }
    }
  }

  function fieldProps(field: Field) {
    const id = `login-${field}`;
    const isFlagged = bannerFields.includes(field);
    const isInvalid = Boolean(errors[field]) || isFlagged;
    return {
      id,
      name: field,
      value: values[field],
      size: 'large' as const,
      status: isInvalid ? ('error' as const) : undefined,
      'aria-invalid': isInvalid ? true : undefined,
      'aria-describedby': errors[field] ? `${id}-error` : isFlagged ? FORM_ALERT_ID : undefined,
      onBlur: (event: FocusEvent<HTMLInputElement>) => handleBlur(field, event),
      onChange: (event: { target: { value: string } }) => handleChange(field, event.target.value),
    };
  }

  return (
    <form className="login-form" noValidate onSubmit={(event) => void handleSubmit(event)}>
      {formError && (
        <div id={FORM_ALERT_ID} className="form-alert" role="alert">
          {formError}
        </div>
      )}
      {verifyNotice && (
        <div className="form-info">
          <p className="form-info__text" role="status">
            {verifyNotice.message}
          </p>
          <ResendVerificationLink target={verifyNotice.target} />
        </div>
      )}
      <FormField id="login-email" label={t('login.email')} error={errors.email}>
        <PlainInput
          {...fieldProps('email')}
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
      </FormField>
      <FormField id="login-password" label={t('login.password')} error={errors.password}>
        <PlainPassword {...fieldProps('password')} autoComplete="current-password" />
      </FormField>
      <PlainButton variant="primary" type="submit" size="large" block loading={login.isPending}>
        {t('login.submit')}
      </PlainButton>
    </form>
  );
}
