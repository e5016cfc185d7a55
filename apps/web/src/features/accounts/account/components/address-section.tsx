import '../lib/profile-i18n.ts';
import { useTranslation } from 'react-i18next';
import type { ProfileAddress } from '../../../../lib/session.ts';
import { useFormFields } from '../../../../lib/use-form-fields.ts';
import { useSaveAddress } from '../api/save-address.ts';
import { checkAddressField, type AddressField } from '../lib/account-validation.ts';
import { useAccountSection } from '../lib/use-account-section.ts';
import { AccountSection, ReadOnlyFields } from './account-section.tsx';
import {
  ADDRESS_FORM_FIELDS,
  AddressLineFields,
  AddressLocationSelects,
  addressFormValues,
  addressRequestBody,
} from './address-fields.tsx';

const ADDRESS_FIELDS: readonly AddressField[] = ['address_line_1', 'address_line_2', 'zip_code'];
const idOf = (field: string) => `address-${field}`;

/**
 * Line 1, line 2 and postal code -> `POST api/addresses[/{id}]`. An address needs its commune, so
 * a student without one yet also chooses region, province and commune here.
 */
export function AddressSection({ address }: { address: ProfileAddress | null | undefined }) {
  const { t } = useTranslation();
  const section = useAccountSection();
  const form = useFormFields(addressFormValues(address), checkAddressField);
  const save = useSaveAddress();
  const isNew = !address;

  async function submit() {
    const found = form.validateAll(isNew ? ADDRESS_FORM_FIELDS : ADDRESS_FIELDS);
    if (Object.keys(found).length > 0) return section.invalid();
    try {
      await save.mutateAsync({
        addressId: address?.id,
        body: addressRequestBody(form.values),
      });
      section.saved(t('account.saved'));
    } catch (error) {
      section.failed(error, ADDRESS_FORM_FIELDS, form.setErrors);
    }
  }

  return (
    <AccountSection
      id="address"
      title={t('account.address.title')}
      section={section}
      isSaving={save.isPending}
      onSubmit={() => void submit()}
      onEdit={() => form.reset(addressFormValues(address))}
      onCancel={() => form.reset(addressFormValues(address))}
      view={
        address ? (
          <ReadOnlyFields
            items={[
              { label: t('account.address.line1'), value: address.address_line_1 },
              { label: t('account.address.line2'), value: address.address_line_2 },
              { label: t('account.address.zipCode'), value: address.zip_code },
            ]}
          />
        ) : (
          <p className="account-card__text">{t('account.address.none')}</p>
        )
      }
      form={
        <>
          <AddressLineFields form={form} idOf={idOf} />
          {isNew && <AddressLocationSelects form={form} idPrefix="address" />}
        </>
      }
    />
  );
}
