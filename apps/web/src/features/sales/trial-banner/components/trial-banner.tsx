import '../trial-banner.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TRIAL_BANNER_NAMESPACE } from '../lib/trial-banner-i18n.ts';

/**
 * Under the header during a trial (spec 000, screen 11): what it is and the days left ("Prueba
 * gratis: quedan 5 días", "termina hoy" on the last), and a button saying what it does (
 * "Suscribirme" read as if the student were not subscribed yet): it opens the trial's summary,
 * where paying now ends the trial and starts the plan. Without the subscription's id, the
 * account's subscriptions table (the spec's target) does the same.
 */
export function TrialBanner({
  daysLeft,
  subscriptionId,
}: {
  daysLeft: number;
  subscriptionId?: number | null;
}) {
  const { t } = useTranslation(TRIAL_BANNER_NAMESPACE);
  return (
    <aside className="trial-banner" aria-label={t('label')}>
      <div className="trial-banner__inner">
        <p className="trial-banner__text" role="status">
          {daysLeft > 0 ? t('daysLeft', { count: daysLeft }) : t('endsToday')}
        </p>
        <Link
          to={
            subscriptionId === null || subscriptionId === undefined
              ? '/cuenta/editar'
              : `/factura/detalles?subscription=${subscriptionId}`
          }
          className="trial-banner__button"
        >
          {t('payNow')}
        </Link>
      </div>
    </aside>
  );
}
