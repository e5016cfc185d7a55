import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpStatus } from '@ensaya/core/api/http';
import { isApiRequestError, showApiError } from '../../../../lib/api-client.ts';
import { requiredFieldsMessage } from '../../../../lib/core-message.ts';
import type { ProfileAddress } from '../../../../lib/session.ts';
import {
  focusFirstError,
  serverFieldErrors,
  useFormFields,
} from '../../../../lib/use-form-fields.ts';
import {
  ADDRESS_FORM_FIELDS,
  AddressLineFields,
  AddressLocationSelects,
  addressFormValues,
  addressRequestBody,
  checkAddressField,
  useSaveAddress,
} from '../../../accounts/index.ts';
import { WizardActions } from '../../packages/components/wizard-actions.tsx';
import { SUBSCRIPTIONS_NAMESPACE } from '../lib/subscriptions-i18n.ts';

// The wizard's address step asks for the account's address again: the address call, the region,
// province and commune selects and their checks come from the accounts area's public face.

const idOf = (field: string) => `wizard-address-${field}`;

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
  const form = useFormFields(addressFormValues(address), checkAddressField);
  const save = useSaveAddress();
  const [formError, setFormError] = useState<string[]>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    const found = form.validateAll();
    if (Object.keys(found).length > 0) {
      setFormError([requiredFieldsMessage()]);
      focusFirstError(found, ADDRESS_FORM_FIELDS, idOf);
      return;
    }
    try {
      await save.mutateAsync({
        addressId: address?.id,
        body: addressRequestBody(form.values),
      });
      onSaved();
    } catch (error) {
      if (isApiRequestError(error) && error.status === HttpStatus.unprocessable) {
        const server = serverFieldErrors(error, ADDRESS_FORM_FIELDS);
        form.setErrors(server.errors);
        setFormError([requiredFieldsMessage(), ...server.other]);
        focusFirstError(server.errors, ADDRESS_FORM_FIELDS, idOf);
      } else {
        showApiError(error);
      }
    }
  }

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
        <AddressLineFields
          form={form}
          idOf={idOf}
          wrapSecondary={(fields) => <div className="form-grid">{fields}</div>}
        />
        <AddressLocationSelects form={form} idPrefix="wizard-address" />
      </fieldset>
      <WizardActions onBack={onBack} isSubmitting={save.isPending || isSubscribing} />
    </form>
  );
}
