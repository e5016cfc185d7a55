import Input from 'antd/es/input/Input';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpStatus } from '@ensaya/core/api/http';
import { POSTAL_CODE_DIGITS } from '@ensaya/core/validation/account';
import { FormField } from '../../../components/form-field.tsx';
import { isApiRequestError, showApiError } from '../../../lib/api-client.ts';
import { requiredFieldsMessage } from '../../../lib/core-message.ts';
import type { ProfileAddress } from '../../../lib/session.ts';
import { focusFirstError, serverFieldErrors, useFormFields } from '../../../lib/use-form-fields.ts';
import { useSaveAddress } from '../../account/api/save-address.ts';
import { LocationSelects } from '../../account/components/location-selects.tsx';
import {
  checkAddressField,
  type AddressField,
  type LocationField,
} from '../../account/lib/account-validation.ts';
import { WizardActions } from '../../packages/components/wizard-actions.tsx';
import { SUBSCRIPTIONS_NAMESPACE } from '../lib/subscriptions-i18n.ts';

// The wizard's address step composes the account feature's address call, its region, province
// and commune selects and its checks (STYLE.md: features do not import each other; the route
// files compose them), so it sits with the routes.

type Field = AddressField | LocationField;
const FIELDS: readonly Field[] = [
  'address_line_1',
  'address_line_2',
  'zip_code',
  'state_id',
  'city_id',
  'town_id',
];
const idOf = (field: string) => `wizard-address-${field}`;

function valuesOf(address: ProfileAddress | null): Record<Field, string> {
  return {
    address_line_1: address?.address_line_1 ?? '',
    address_line_2: address?.address_line_2 ?? '',
    zip_code: address?.zip_code ?? '',
    state_id: address ? String(address.state.id) : '',
    city_id: address ? String(address.city.id) : '',
    town_id: address ? String(address.town_id) : '',
  };
}

/**
 * The wizard's address step (spec 000, screen 4 and section 4: "address is created, then the
 * subscription"): the student's address prefilled when they have one, saved with
 * `POST api/addresses[/{id}]`; then `onSaved` subscribes. `errors` are that subscription's 422.
 */
export function WizardAddressStep({
  address,
  errors,
  isSubscribing,
  onSaved,
  onBack,
}: {
  address: ProfileAddress | null;
  errors?: readonly string[];
  isSubscribing: boolean;
  onSaved: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation(SUBSCRIPTIONS_NAMESPACE);
  const form = useFormFields(valuesOf(address), checkAddressField);
  const save = useSaveAddress();
  const [formError, setFormError] = useState<string[]>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    const found = form.validateAll();
    if (Object.keys(found).length > 0) {
      setFormError([requiredFieldsMessage()]);
      focusFirstError(found, FIELDS, idOf);
      return;
    }
    try {
      await save.mutateAsync({
        addressId: address?.id,
        body: {
          address_line_1: form.values.address_line_1.trim(),
          address_line_2: form.values.address_line_2.trim() || null,
          zip_code: form.values.zip_code.trim(),
          town_id: Number(form.values.town_id),
        },
      });
      onSaved();
    } catch (error) {
      if (isApiRequestError(error) && error.status === HttpStatus.unprocessable) {
        const server = serverFieldErrors(error, FIELDS);
        form.setErrors(server.errors);
        setFormError([requiredFieldsMessage(), ...server.other]);
        focusFirstError(server.errors, FIELDS, idOf);
      } else {
        showApiError(error);
      }
    }
  }

  const input = (field: AddressField) => form.inputProps(field, idOf(field));
  const messages = [...(formError ?? []), ...(errors ?? [])];

  return (
    <form className="wizard-step" noValidate onSubmit={(event) => void submit(event)}>
      {messages.length > 0 && (
        <div className="form-alert" role="alert">
          {messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      <fieldset className="wizard-step__fieldset">
        <legend className="wizard-step__legend">{t('addressStep.legend')}</legend>
        <p className="wizard-step__hint">{t('addressStep.lead')}</p>
        <FormField
          id={idOf('address_line_1')}
          label={t('account.address.line1', { ns: 'translation' })}
          error={form.errors.address_line_1}
        >
          <Input {...input('address_line_1')} autoComplete="address-line1" maxLength={120} />
        </FormField>
        <div className="form-grid">
          <FormField
            id={idOf('address_line_2')}
            label={t('account.address.line2', { ns: 'translation' })}
            error={form.errors.address_line_2}
          >
            <Input {...input('address_line_2')} autoComplete="address-line2" maxLength={120} />
          </FormField>
          <FormField
            id={idOf('zip_code')}
            label={t('account.address.zipCode', { ns: 'translation' })}
            error={form.errors.zip_code}
          >
            <Input
              {...input('zip_code')}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={POSTAL_CODE_DIGITS}
              onChange={(event) => form.setValue('zip_code', event.target.value.replace(/\D/g, ''))}
            />
          </FormField>
        </div>
        <LocationSelects
          idPrefix="wizard-address"
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
      </fieldset>
      <WizardActions onBack={onBack} isSubmitting={save.isPending || isSubscribing} />
    </form>
  );
}
