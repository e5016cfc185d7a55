import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { canApplyCoupon, trialEnd } from '@ensaya/core/subscriptions/lifecycle';
import { formatDate, formatPhone, formatTaxId } from '../../../../lib/format.ts';
import type { SessionUser } from '../../../../lib/session.ts';
import type { Subscription } from '../api/get-my-subscriptions.ts';
import { SUBSCRIPTIONS_NAMESPACE } from '../lib/subscriptions-i18n.ts';
import { CouponField } from './coupon-field.tsx';
import { PriceBlock } from './price-block.tsx';
import { SubscribeActions } from './subscribe-actions.tsx';
import { inLanguage } from '../../../../lib/localized.ts';

type Item = { label: string; value: string | null | undefined };

function Facts({ items }: { items: Item[] }) {
  return (
    <dl className="summary-facts">
      {items.map((item) => (
        <div key={item.label} className="summary-facts__item">
          <dt>{item.label}</dt>
          <dd>{item.value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

function SummarySection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="summary-section" aria-labelledby={`summary-${id}`}>
      <h2 id={`summary-${id}`} className="summary-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The trial's dates: the real ones once it started; before the card is registered, the trial the
 * card would start today (core's `trialEnd`: start plus the trial days), when the server says one
 * applies (a trial is once per person and standard test).
 */
function trialDates(subscription: Subscription, now: Date) {
  if (subscription.trial_started_at) {
    return { start: subscription.trial_started_at, end: subscription.trial_ends_at };
  }
  if (!subscription.trial_available) return null;
  return { start: now, end: trialEnd(now, subscription.trial_duration) };
}

/**
 * The summary (spec 000, screen 5), shared by the registration and change-package wizards and
 * `/factura/detalles`: the student's data and address, the service, the price block, the coupon
 * and the subscribe buttons.
 */
export function SubscriptionSummary({
  subscription,
  user,
  backLabel,
  onBack,
  onPaymentStarting,
}: {
  subscription: Subscription;
  user: SessionUser;
  backLabel: string;
  onBack?: () => void;
  onPaymentStarting?: () => void;
}) {
  const { t, i18n } = useTranslation(SUBSCRIPTIONS_NAMESPACE);
  const now = new Date();
  const address = user.address;
  const trial = trialDates(subscription, now);
  const noTrial = subscription.trial_used ? t('summary.trialUsedFact') : t('summary.noTrial');
  const subjectNames = subscription.subjects.map((subject) => subject.name).join(', ');
  const canUseCoupon = canApplyCoupon(subscription.status) || subscription.coupon !== null;

  return (
    <div className="subscription-summary">
      <SummarySection id="user" title={t('summary.user')}>
        <Facts
          items={[
            { label: t('summary.name'), value: `${user.name} ${user.last_name}` },
            { label: t('summary.email'), value: user.email },
            { label: t('summary.taxId'), value: formatTaxId(user.tax_id, user.country_id) },
            { label: t('summary.phone'), value: formatPhone(user.phone) },
          ]}
        />
      </SummarySection>

      <SummarySection id="address" title={t('summary.address')}>
        {address ? (
          <Facts
            items={[
              {
                label: t('summary.line'),
                value: [address.address_line_1, address.address_line_2].filter(Boolean).join(', '),
              },
              { label: t('summary.region'), value: address.state.name },
              { label: t('summary.city'), value: address.city.name },
              { label: t('summary.commune'), value: address.town.name },
              { label: t('summary.zipCode'), value: address.zip_code },
            ]}
          />
        ) : (
          <p className="summary-section__text">{t('summary.noAddress')}</p>
        )}
      </SummarySection>

      <SummarySection id="service" title={t('summary.service')}>
        <Facts
          items={[
            {
              label: t('summary.plan'),
              value: inLanguage(
                subscription.package.name,
                subscription.package.name_en,
                i18n.language,
              ),
            },
            // A subscription not paid for yet has no state worth naming ("Estado:
            // Creada" on a first sign-up); the others say theirs in the student's words.
            ...(subscription.status === 'Created'
              ? []
              : [{ label: t('summary.status'), value: t(`status.${subscription.status}`) }]),
            {
              label: t('summary.subjects'),
              value: subscription.all_subjects
                ? t('summary.allSubjects', { names: subjectNames })
                : subjectNames,
            },
            {
              label: t('summary.start'),
              value: formatDate(subscription.subscription_start ?? now),
            },
            {
              label: t('summary.validity'),
              value: t('summary.validityDays', { count: subscription.package.duration }),
            },
            {
              label: t('summary.trialStart'),
              value: trial ? formatDate(trial.start) : noTrial,
            },
            {
              label: t('summary.trialEnd'),
              value: trial?.end ? formatDate(trial.end) : noTrial,
            },
            ...(subscription.card?.last4
              ? [
                  {
                    label: t('summary.card'),
                    value: t('summary.cardEnding', {
                      brand: subscription.card.brand ?? '',
                      last4: subscription.card.last4,
                    }),
                  },
                ]
              : []),
          ]}
        />
      </SummarySection>

      <SummarySection id="price" title={t('summary.price')}>
        <PriceBlock subscription={subscription} />
        {canUseCoupon && <CouponField subscription={subscription} />}
      </SummarySection>

      <SubscribeActions
        subscription={subscription}
        backLabel={backLabel}
        onBack={onBack}
        onPaymentStarting={onPaymentStarting}
      />
    </div>
  );
}
