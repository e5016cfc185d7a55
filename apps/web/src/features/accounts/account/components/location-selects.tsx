import '../lib/profile-i18n.ts';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../../components/form-field.tsx';
import { PlainSelect } from '../../../../components/plain-select.tsx';
import { useCommunes, useProvinces, useRegions } from '../../../../lib/geography.ts';
import type { FieldErrors } from '../../../../lib/use-form-fields.ts';
import type { LocationField } from '../lib/account-validation.ts';

export type LocationValues = Record<LocationField, string>;

const idOf = (prefix: string, field: LocationField) => `${prefix}-${field}`;

function toNumber(value: string): number | undefined {
  return value === '' ? undefined : Number(value);
}

/**
 * Region, province and commune as cascading selects (spec 000, screen 9): each list loads for the
 * choice above it, and choosing a region clears the province and the commune below it. Native
 * selects: a phone opens its own picker, and the account page's first screen loads no Ant Design.
 */
export function LocationSelects({
  idPrefix,
  values,
  errors,
  onChange,
}: {
  idPrefix: string;
  values: LocationValues;
  errors: FieldErrors<LocationField>;
  onChange: (values: LocationValues) => void;
}) {
  const { t } = useTranslation();
  const regions = useRegions();
  const provinces = useProvinces(toNumber(values.state_id));
  const communes = useCommunes(toNumber(values.city_id));

  const options = (list: { id: number; name: string }[] | undefined) =>
    (list ?? []).map((place) => ({ value: String(place.id), label: place.name }));

  const select = (
    field: LocationField,
    label: string,
    list: { data?: { id: number; name: string }[]; isFetching: boolean },
    next: (value: string) => LocationValues,
    isDisabled: boolean,
  ) => (
    <FormField id={idOf(idPrefix, field)} label={label} error={errors[field]}>
      <PlainSelect
        id={idOf(idPrefix, field)}
        value={values[field]}
        placeholder={t('account.location.choose')}
        options={options(list.data)}
        loading={list.isFetching}
        disabled={isDisabled}
        status={errors[field] ? 'error' : undefined}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `${idOf(idPrefix, field)}-error` : undefined}
        onChange={(value) => onChange(next(value))}
      />
    </FormField>
  );

  return (
    <div className="form-grid form-grid--three">
      {select(
        'state_id',
        t('account.location.region'),
        regions,
        (state_id) => ({ state_id, city_id: '', town_id: '' }),
        false,
      )}
      {select(
        'city_id',
        t('account.location.province'),
        provinces,
        (city_id) => ({ ...values, city_id, town_id: '' }),
        values.state_id === '',
      )}
      {select(
        'town_id',
        t('account.location.commune'),
        communes,
        (town_id) => ({ ...values, town_id }),
        values.city_id === '',
      )}
    </div>
  );
}
