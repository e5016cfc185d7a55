import '../trial-banner.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TRIAL_BANNER_NAMESPACE } from '../lib/trial-banner-i18n.ts';

/**
 * Under the header during a trial (spec 000, screen 11): the days left and a way to subscribe,
 * which goes through the account's subscriptions table.
 */
export function TrialBanner({ daysLeft }: { daysLeft: number }) {
  const { t } = useTranslation(TRIAL_BANNER_NAMESPACE);
  return (
    <aside className="trial-banner" aria-label={t('label')}>
      <div className="trial-banner__inner">
        <p className="trial-banner__text" role="status">
          {daysLeft > 0 ? t('daysLeft', { count: daysLeft }) : t('endsToday')}
        </p>
        <Link to="/cuenta/editar" className="trial-banner__button">
          {t('subscribe')}
        </Link>
      </div>
    </aside>
  );
}
