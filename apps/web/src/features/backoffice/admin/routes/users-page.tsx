import type { AdminUser } from '@ensaya/core/contracts/accommodations';
import { EXTRA_TIME_PERCENTS } from '@ensaya/core/contracts/accommodations';
import { CatalogPage, type CatalogConfig } from '../components/catalog-page.tsx';
import { ADMIN_NAMESPACE } from '../lib/admin-i18n.ts';
import { useTranslation } from 'react-i18next';

const extraTimeLabel = (percent: number) => `fields.extraTime${percent}`;

/**
 * `/admin/users`: find a user by e-mail or name and give them an extra-time accommodation (+25,
 * +50 or +100 %) that the server applies to every timed test they start. Users are not
 * created or deleted here.
 */
export function UsersPage() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const config: CatalogConfig<AdminUser> = {
    resource: 'users',
    textKey: 'users',
    canCreate: false,
    canDelete: false,
    displayName: (user) => `${user.name} ${user.last_name}`,
    columns: [
      { key: 'id', dataIndex: 'id', title: t('fields.id') },
      { key: 'name', dataIndex: 'name', title: t('fields.name') },
      { key: 'last_name', dataIndex: 'last_name', title: t('fields.lastName') },
      { key: 'email', dataIndex: 'email', title: t('fields.email') },
      {
        key: 'role',
        dataIndex: 'role',
        title: t('fields.role'),
        render: (role: AdminUser['role']) => t(`accommodation.${role}`),
      },
      {
        key: 'extra_time',
        dataIndex: 'extra_time_percent',
        title: t('fields.extraTime'),
        render: (percent: number) => t(extraTimeLabel(percent)),
      },
    ],
    fields: [
      {
        name: 'extra_time_percent',
        label: 'fields.extraTime',
        kind: 'select',
        isRequired: true,
        options: EXTRA_TIME_PERCENTS.map((percent) => ({
          value: String(percent),
          label: extraTimeLabel(percent),
        })),
      },
    ],
    toValues: (user) => ({ extra_time_percent: String(user.extra_time_percent) }),
    toBody: (values) => ({ extra_time_percent: Number(values.extra_time_percent) }),
    drawerExtra: (user) => (
      <p className="admin-note">
        <strong>{`${user.name} ${user.last_name} (${user.email})`}</strong>
        <br />
        {t('accommodation.note')}
      </p>
    ),
  };
  return <CatalogPage config={config} />;
}
