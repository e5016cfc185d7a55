import '../../features/accounts/account/lib/profile-i18n.ts';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FullPageSpinner } from '../../components/full-page-spinner.tsx';
import { PlainButton } from '../../components/plain-controls.tsx';
import { useMe } from '../../lib/session.ts';
import { ReadingSettingsCard } from '../../components/reading-settings/reading-settings-card.tsx';
import { AddressSection } from '../../features/accounts/account/components/address-section.tsx';
import { AvatarBlock } from '../../features/accounts/account/components/avatar-block.tsx';
import { LocationSection } from '../../features/accounts/account/components/location-section.tsx';
import { PasswordSection } from '../../features/accounts/account/components/password-section.tsx';
import { PersonalDataSection } from '../../features/accounts/account/components/personal-data-section.tsx';

// The page is drawn without Ant Design (routes.tsx: `usesAntd: false`). The billing tables, below
// the profile's sections, load in a chunk of their own after the first screen; their reads start
// with the page's (account-page.data.ts).
const AccountBilling = lazy(async () => ({
  default: (await import('../../features/sales/billing/components/account-billing.tsx'))
    .AccountBilling,
}));

/** `/cuenta/editar`: the account (spec 000, screen 9). */
export function AccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useMe();

  // The route guard has loaded the profile; this covers the moment it is refetched after a 401.
  if (!user) return <FullPageSpinner />;

  return (
    <section className="page account" aria-labelledby="account-title">
      <h1 id="account-title" className="page__title">
        {t('pages.account.title')}
      </h1>
      <AvatarBlock user={user} />
      <div className="account__sections">
        <PersonalDataSection user={user} />
        <PasswordSection />
        <AddressSection address={user.address} />
        <LocationSection address={user.address} />
        <ReadingSettingsCard />
      </div>

      <Suspense fallback={<div className="account__billing" aria-busy="true" />}>
        <AccountBilling isDebug={user.permissions.length > 0} />
      </Suspense>

      <div className="account__footer">
        <PlainButton onClick={() => void navigate('/dashboard')}>
          {t('account.backToDashboard')}
        </PlainButton>
      </div>
    </section>
  );
}
