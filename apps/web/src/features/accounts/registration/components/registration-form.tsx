import '../lib/registration-i18n.ts';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import Select from 'antd/es/select';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HttpStatus } from '@ensaya/core/api/http';
import { translate } from '@ensaya/core/i18n/messages';
import { RUT_MAX_LENGTH, formatRut, isValidRut } from '@ensaya/core/validation/rut';
import { FormField } from '../../../../components/form-field.tsx';
import { TermsModal } from '../../../../components/layout/terms-modal.tsx';
import { PasswordRules } from '../../../../components/password-rules.tsx';
import { isApiRequestError, showApiError } from '../../../../lib/api-client.ts';
import { CHILE_COUNTRY_ID, useCountries } from '../../../../lib/geography.ts';
import { currentLanguage } from '../../../../lib/i18n.ts';
import { chileanMobileDigits, maskChileanMobile } from '../../../../lib/phone-mask.ts';
import {
  focusFirstError,
  serverFieldErrors,
  useFormFields,
} from '../../../../lib/use-form-fields.ts';
import { requiredFieldsMessage } from '../../../../lib/core-message.ts';
import { useRegister, type RegisteredUser } from '../api/register.ts';
import {
  REGISTRATION_FIELDS,
  checkRegistrationField,
  isChile,
  type RegistrationField,
} from '../lib/registration-validation.ts';

const idOf = (field: RegistrationField) => `registration-${field}`;
const DNI_MAX_LENGTH = 12;

const EMPTY: Record<RegistrationField, string> = {
  name: '',
  last_name: '',
  email: '',
  password: '',
  password_confirmation: '',
  country_id: String(CHILE_COUNTRY_ID),
  tax_id: '',
  phone: '',
  terms_and_conditions: '',
};

/** The Rut as the student types it: digits and K only, dotted and dashed, at most 12 characters. */
function typedRut(raw: string): string {
  return formatRut(raw.replace(/[^\dkK]/g, '')).slice(0, RUT_MAX_LENGTH);
}

/** The registration form, the wizard's first step (spec 000, screen 4; rules in section 5). */
export function RegistrationForm({
  packageId,
  onRegistered,
}: {
  /** The package chosen at `/registro/{id}`: the verification link carries it. */
  packageId?: number;
  onRegistered: (user: RegisteredUser) => void;
}) {
  const { t } = useTranslation();
  const form = useFormFields(EMPTY, checkRegistrationField);
  const register = useRegister();
  const countries = useCountries();
  const [formError, setFormError] = useState<string[]>();
  const [isTermsOpen, setIsTermsOpen] = useState(false);
  const [wasTermsOpened, setWasTermsOpened] = useState(false);
  const [hasReadTerms, setHasReadTerms] = useState(false);

  const { values, errors } = form;
  const chile = isChile(values.country_id);
  // When the list cannot load, Chile (the default) still lets the student register.
  const countryOptions = (
    countries.data ?? [{ id: CHILE_COUNTRY_ID, name: t('registration.chile'), iso_code: 'CL' }]
  ).map((country) => ({ value: String(country.id), label: country.name }));

  const rutInvalidText = translate(currentLanguage(), 'validation.rut');
  const rutMark =
    chile && values.tax_id !== ''
      ? isValidRut(values.tax_id)
        ? { isValid: true, text: t('registration.rutValid') }
        : { isValid: false, text: rutInvalidText }
      : undefined;
  // The live mark already says 'Invalid Rut'; other tax-id problems show as the field error.
  const taxIdError = rutMark && errors.tax_id === rutInvalidText ? undefined : errors.tax_id;

  function changeCountry(countryId: string) {
    form.setValues({ ...values, country_id: countryId, tax_id: '' });
    form.setErrors({ ...errors, country_id: undefined, tax_id: undefined });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    const found = form.validateAll();
    if (Object.keys(found).length > 0) {
      setFormError([requiredFieldsMessage()]);
      focusFirstError(found, REGISTRATION_FIELDS, idOf);
      return;
    }
    try {
      const user = await register.mutateAsync({
        name: values.name.trim(),
        last_name: values.last_name.trim(),
        email: values.email.trim(),
        password: values.password,
        password_confirmation: values.password_confirmation,
        phone: chileanMobileDigits(values.phone),
        country_id: Number(values.country_id),
        tax_id: values.tax_id.trim(),
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        language: currentLanguage(),
        terms_and_conditions: '1',
        ...(packageId === undefined ? {} : { package_id: packageId }),
      });
      onRegistered(user);
    } catch (error) {
      if (isApiRequestError(error) && error.status === HttpStatus.unprocessable) {
        // "422 on register: msgRequired" (spec 000, section 8), with each field's own message.
        const server = serverFieldErrors(error, REGISTRATION_FIELDS);
        form.setErrors(server.errors);
        setFormError([requiredFieldsMessage(), ...server.other]);
        focusFirstError(server.errors, REGISTRATION_FIELDS, idOf);
      } else {
        showApiError(error);
      }
    }
  }

  const text = (field: RegistrationField) => form.inputProps(field, idOf(field));

  return (
    <form className="registration-form" noValidate onSubmit={(event) => void handleSubmit(event)}>
      {formError && (
        <div className="form-alert" role="alert">
          {formError.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}

      <div className="form-grid">
        <FormField id={idOf('name')} label={t('registration.name')} error={errors.name}>
          <Input {...text('name')} size="large" autoComplete="given-name" />
        </FormField>
        <FormField
          id={idOf('last_name')}
          label={t('registration.lastName')}
          error={errors.last_name}
        >
          <Input {...text('last_name')} size="large" autoComplete="family-name" />
        </FormField>
      </div>

      <FormField id={idOf('email')} label={t('registration.email')} error={errors.email}>
        <Input
          {...text('email')}
          size="large"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
        />
      </FormField>

      <div className="form-grid">
        <FormField id={idOf('password')} label={t('registration.password')} error={errors.password}>
          <Password {...text('password')} size="large" autoComplete="new-password" />
        </FormField>
        <FormField
          id={idOf('password_confirmation')}
          label={t('registration.passwordConfirmation')}
          error={errors.password_confirmation}
        >
          <Password {...text('password_confirmation')} size="large" autoComplete="new-password" />
        </FormField>
      </div>
      <PasswordRules />

      <div className="form-grid">
        <FormField
          id={idOf('country_id')}
          label={t('registration.country')}
          error={errors.country_id}
        >
          <Select
            id={idOf('country_id')}
            size="large"
            value={values.country_id}
            options={countryOptions}
            loading={countries.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            status={errors.country_id ? 'error' : undefined}
            onChange={changeCountry}
          />
        </FormField>

        <FormField
          id={idOf('tax_id')}
          label={chile ? t('registration.rut') : t('registration.dni')}
          error={taxIdError}
        >
          <Input
            {...text('tax_id')}
            size="large"
            maxLength={chile ? RUT_MAX_LENGTH : DNI_MAX_LENGTH}
            inputMode={chile ? 'text' : 'numeric'}
            placeholder={chile ? '12.345.678-5' : undefined}
            autoComplete="off"
            status={errors.tax_id || rutMark?.isValid === false ? 'error' : undefined}
            aria-invalid={errors.tax_id || rutMark?.isValid === false ? true : undefined}
            aria-describedby={
              [rutMark ? `${idOf('tax_id')}-mark` : '', taxIdError ? `${idOf('tax_id')}-error` : '']
                .filter(Boolean)
                .join(' ') || undefined
            }
            onChange={(event) =>
              form.setValue(
                'tax_id',
                chile ? typedRut(event.target.value) : event.target.value.replace(/\D/g, ''),
              )
            }
          />
          {rutMark && (
            <div
              id={`${idOf('tax_id')}-mark`}
              className={
                rutMark.isValid ? 'rut-mark rut-mark--valid' : 'rut-mark rut-mark--invalid'
              }
              aria-live="polite"
            >
              <span aria-hidden="true">{rutMark.isValid ? '✓ ' : '✗ '}</span>
              {rutMark.text}
            </div>
          )}
        </FormField>
      </div>

      <FormField id={idOf('phone')} label={t('registration.phone')} error={errors.phone}>
        <Input
          {...text('phone')}
          size="large"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+56 9 1234 5678"
          onChange={(event) => form.setValue('phone', maskChileanMobile(event.target.value))}
        />
      </FormField>

      <div
        className={
          errors.terms_and_conditions
            ? 'form-field form-field--error terms-field'
            : 'form-field terms-field'
        }
      >
        <Checkbox
          id={idOf('terms_and_conditions')}
          checked={values.terms_and_conditions === '1'}
          disabled={!hasReadTerms}
          aria-describedby={[
            `${idOf('terms_and_conditions')}-hint`,
            errors.terms_and_conditions ? `${idOf('terms_and_conditions')}-error` : '',
          ]
            .filter(Boolean)
            .join(' ')}
          onChange={(event) =>
            form.setValue('terms_and_conditions', event.target.checked ? '1' : '')
          }
        >
          {t('registration.acceptTerms')}
        </Checkbox>
        <p id={`${idOf('terms_and_conditions')}-hint`} className="terms-field__hint">
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setWasTermsOpened(true);
              setIsTermsOpen(true);
            }}
          >
            {t('registration.readTerms')}
          </button>
          {!hasReadTerms && <span> {t('registration.termsHint')}</span>}
        </p>
        {errors.terms_and_conditions && (
          <div id={`${idOf('terms_and_conditions')}-error`} className="form-field__error">
            {errors.terms_and_conditions}
          </div>
        )}
      </div>

      <Button type="primary" htmlType="submit" size="large" block loading={register.isPending}>
        {t('registration.submit')}
      </Button>
      <p className="registration-form__login">
        {t('registration.haveAccount')} <Link to="/login">{t('registration.logIn')}</Link>
      </p>

      {wasTermsOpened && (
        <TermsModal
          open={isTermsOpen}
          onClose={() => setIsTermsOpen(false)}
          onRead={() => setHasReadTerms(true)}
        />
      )}
    </form>
  );
}
