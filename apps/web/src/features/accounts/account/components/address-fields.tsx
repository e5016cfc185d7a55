import '../lib/profile-i18n.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { POSTAL_CODE_DIGITS } from '@ensaya/core/validation/account';
import { FormField } from '../../../../components/form-field.tsx';
import { PlainInput } from '../../../../components/plain-controls.tsx';
import type { ProfileAddress } from '../../../../lib/session.ts';
import type { useFormFields } from '../../../../lib/use-form-fields.ts';
import type { AddressBody } from '../api/save-address.ts';
import type { AddressField, LocationField } from '../lib/account-validation.ts';
import { LocationSelects } from './location-selects.tsx';

/** The fields of an address form: the lines and postal code, and the commune with its region. */
export type AddressFormField = AddressField | LocationField;
export const ADDRESS_FORM_FIELDS: readonly AddressFormField[] = [
  'address_line_1',
  'address_line_2',
  'zip_code',
  'state_id',
  'city_id',
  'town_id',
];
type AddressForm = ReturnType<typeof useFormFields<AddressFormField>>;

/** An address form's values: the student's address, or empty when there is none yet. */
export function addressFormValues(
  address: ProfileAddress | null | undefined,
): Record<AddressFormField, string> {
  return {
    address_line_1: address?.address_line_1 ?? '',
    address_line_2: address?.address_line_2 ?? '',
    zip_code: address?.zip_code ?? '',
    state_id: address ? String(address.state.id) : '',
    city_id: address ? String(address.city.id) : '',
    town_id: address ? String(address.town_id) : '',
  };
}

/** The body of `POST api/addresses[/{id}]` from an address form's values. */
export function addressRequestBody(values: Record<AddressFormField, string>): AddressBody {
  return {
    address_line_1: values.address_line_1.trim(),
    address_line_2: values.address_line_2.trim() || null,
    zip_code: values.zip_code.trim(),
    town_id: Number(values.town_id),
  };
}

/**
 * Line 1, line 2 and the postal code (digits only). `wrapSecondary` lays out line 2 and the postal
 * code (the wizard puts them side by side).
 */
export function AddressLineFields({
  form,
  idOf,
  wrapSecondary = (fields) => fields,
}: {
  form: AddressForm;
  idOf: (field: string) => string;
  wrapSecondary?: (fields: ReactNode) => ReactNode;
}) {
  const { t } = useTranslation();
  const input = (field: AddressField) => form.inputProps(field, idOf(field));
  return (
    <>
      <FormField
        id={idOf('address_line_1')}
        label={t('account.address.line1')}
        error={form.errors.address_line_1}
      >
        <PlainInput {...input('address_line_1')} autoComplete="address-line1" maxLength={120} />
      </FormField>
      {wrapSecondary(
        <>
          <FormField
            id={idOf('address_line_2')}
            label={t('account.address.line2')}
            error={form.errors.address_line_2}
          >
            <PlainInput {...input('address_line_2')} autoComplete="address-line2" maxLength={120} />
          </FormField>
          <FormField
            id={idOf('zip_code')}
            label={t('account.address.zipCode')}
            error={form.errors.zip_code}
            help={<PostalCodeHelp />}
          >
            <PlainInput
              {...input('zip_code')}
              aria-describedby={[
                form.errors.zip_code ? `${idOf('zip_code')}-error` : '',
                `${idOf('zip_code')}-help`,
              ]
                .filter(Boolean)
                .join(' ')}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={POSTAL_CODE_DIGITS}
              onChange={(event) => form.setValue('zip_code', event.target.value.replace(/\D/g, ''))}
            />
          </FormField>
        </>,
      )}
    </>
  );
}

/** Where Correos de Chile looks a postal code up by street and commune. */
export const POSTAL_CODE_LOOKUP_URL = 'https://www.correos.cl/';

/**
 * What a Chilean postal code is and where to find it: students rarely know theirs, and
 * the spec requires it.
 */
function PostalCodeHelp() {
  const { t } = useTranslation();
  return (
    <>
      {t('account.address.zipCodeHelp')}
      <a href={POSTAL_CODE_LOOKUP_URL} target="_blank" rel="noopener noreferrer">
        {t('account.address.zipCodeLink')}
        <span className="visually-hidden"> {t('account.address.newTab')}</span>
      </a>
      .
    </>
  );
}

/** Region, province and commune of an address form; a new choice clears their errors. */
export function AddressLocationSelects({
  form,
  idPrefix,
}: {
  form: AddressForm;
  idPrefix: string;
}) {
  return (
    <LocationSelects
      idPrefix={idPrefix}
      values={form.values}
      errors={form.errors}
      onChange={(location) => {
        form.setValues({ ...form.values, ...location });
        form.setErrors({
          ...form.errors,
          state_id: undefined,
          city_id: undefined,
          town_id: undefined,
        });
      }}
    />
  );
}
