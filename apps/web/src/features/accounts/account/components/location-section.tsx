import '../lib/profile-i18n.ts';
import { useTranslation } from 'react-i18next';
import type { ProfileAddress } from '../../../../lib/session.ts';
import { useFormFields } from '../../../../lib/use-form-fields.ts';
import { useSaveAddress } from '../api/save-address.ts';
import { checkLocationField, type LocationField } from '../lib/account-validation.ts';
import { useAccountSection } from '../lib/use-account-section.ts';
import { AccountSection, ReadOnlyFields } from './account-section.tsx';
import { LocationSelects, type LocationValues } from './location-selects.tsx';

const FIELDS: readonly LocationField[] = ['state_id', 'city_id', 'town_id'];

function valuesOf(address: ProfileAddress | null | undefined): LocationValues {
  return {
    state_id: address ? String(address.state.id) : '',
    city_id: address ? String(address.city.id) : '',
    town_id: address ? String(address.town_id) : '',
  };
}

/** Region, province and commune -> `POST api/addresses/{id}` with `town_id` only. */
export function LocationSection({ address }: { address: ProfileAddress | null | undefined }) {
  const { t } = useTranslation();
  const section = useAccountSection();
  const form = useFormFields(valuesOf(address), checkLocationField);
  const save = useSaveAddress();

  async function submit() {
    if (!address) return;
    const found = form.validateAll(FIELDS);
    if (Object.keys(found).length > 0) return section.invalid();
    try {
      await save.mutateAsync({
        addressId: address.id,
        body: { town_id: Number(form.values.town_id) },
      });
      section.saved(t('account.saved'));
    } catch (error) {
      section.failed(error, FIELDS, form.setErrors);
    }
  }

  return (
    <AccountSection
      id="location"
      title={t('account.location.title')}
      section={section}
      canEdit={Boolean(address)}
      isSaving={save.isPending}
      onSubmit={() => void submit()}
      onEdit={() => form.reset(valuesOf(address))}
      onCancel={() => form.reset(valuesOf(address))}
      view={
        address ? (
          <ReadOnlyFields
            items={[
              { label: t('account.location.region'), value: address.state.name },
              { label: t('account.location.province'), value: address.city.name },
              { label: t('account.location.commune'), value: address.town.name },
            ]}
          />
        ) : (
          <p className="account-card__text">{t('account.location.addressFirst')}</p>
        )
      }
      form={
        <LocationSelects
          idPrefix="location"
          values={form.values}
          errors={form.errors}
          onChange={(location) => {
            form.setValues(location);
            // A changed choice answers its own error; the ones below were cleared with it.
            form.setErrors({});
          }}
        />
      }
    />
  );
}
