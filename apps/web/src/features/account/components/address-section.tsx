import Input from 'antd/es/input/Input';
import { useTranslation } from 'react-i18next';
import { POSTAL_CODE_DIGITS } from '@ensaya/core/validation/account';
import { FormField } from '../../../components/form-field.tsx';
import type { ProfileAddress } from '../../../lib/session.ts';
import { useFormFields } from '../../../lib/use-form-fields.ts';
import { useSaveAddress } from '../api/save-address.ts';
import {
  checkAddressField,
  type AddressField,
  type LocationField,
} from '../lib/account-validation.ts';
import { useAccountSection } from '../lib/use-account-section.ts';
import { AccountSection, ReadOnlyFields } from './account-section.tsx';
import { LocationSelects } from './location-selects.tsx';

type Field = AddressField | LocationField;
const ADDRESS_FIELDS: readonly AddressField[] = ['address_line_1', 'address_line_2', 'zip_code'];
const ALL_FIELDS: readonly Field[] = [...ADDRESS_FIELDS, 'state_id', 'city_id', 'town_id'];
const idOf = (field: string) => `address-${field}`;

function valuesOf(address: ProfileAddress | null | undefined): Record<Field, string> {
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
 * Line 1, line 2 and postal code -> `POST api/addresses[/{id}]`. An address needs its commune, so
 * a student without one yet also chooses region, province and commune here.
 */
export function AddressSection({ address }: { address: ProfileAddress | null | undefined }) {
  const { t } = useTranslation();
  const section = useAccountSection();
  const form = useFormFields(valuesOf(address), checkAddressField);
  const save = useSaveAddress();
  const isNew = !address;

  async function submit() {
    const found = form.validateAll(isNew ? ALL_FIELDS : ADDRESS_FIELDS);
    if (Object.keys(found).length > 0) return section.invalid();
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
      section.saved(t('account.saved'));
    } catch (error) {
      section.failed(error, ALL_FIELDS, form.setErrors);
    }
  }

  const input = (field: AddressField) => form.inputProps(field, idOf(field));

  return (
    <AccountSection
      id="address"
      title={t('account.address.title')}
      section={section}
      isSaving={save.isPending}
      onSubmit={() => void submit()}
      onEdit={() => form.reset(valuesOf(address))}
      onCancel={() => form.reset(valuesOf(address))}
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
          <FormField
            id={idOf('address_line_1')}
            label={t('account.address.line1')}
            error={form.errors.address_line_1}
          >
            <Input {...input('address_line_1')} autoComplete="address-line1" maxLength={120} />
          </FormField>
          <FormField
            id={idOf('address_line_2')}
            label={t('account.address.line2')}
            error={form.errors.address_line_2}
          >
            <Input {...input('address_line_2')} autoComplete="address-line2" maxLength={120} />
          </FormField>
          <FormField
            id={idOf('zip_code')}
            label={t('account.address.zipCode')}
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
          {isNew && (
            <LocationSelects
              idPrefix="address"
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
          )}
        </>
      }
    />
  );
}
