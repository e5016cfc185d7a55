import Button from 'antd/es/button';
import Input from 'antd/es/input/Input';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpStatus } from '@ensaya/core/api/http';
import { FormField } from '../../../../components/form-field.tsx';
import { isApiRequestError, showApiError } from '../../../../lib/api-client.ts';
import { coreMessage } from '../../../../lib/core-message.ts';
import { useApplyPromoCode } from '../api/apply-promo-code.ts';
import type { Subscription } from '../api/get-my-subscriptions.ts';
import { useVerifyPromoCode, type PromoResult } from '../api/verify-promo-code.ts';
import { SUBSCRIPTIONS_NAMESPACE } from '../lib/subscriptions-i18n.ts';

const FIELD_ID = 'coupon-code';

/** "A response lacking promocode_type or promocode_value is invalid" (spec 000, section 5). */
function isValidPromo(result: Partial<PromoResult>): boolean {
  return Boolean(result.promocode_type) && typeof result.promocode_value === 'number';
}

/**
 * The coupon (spec 000, sections 4 and 5): trimmed; checked with `verify-promo-code`, then
 * redeemed with `subscribe`, whose answer reprices the subscription (the price block follows).
 * An invalid code is cleared; once one is applied the add button stays disabled.
 */
export function CouponField({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation(SUBSCRIPTIONS_NAMESPACE);
  const verify = useVerifyPromoCode();
  const apply = useApplyPromoCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const applied = subscription.coupon;
  const isBusy = verify.isPending || apply.isPending;

  function reject(message: string) {
    setCode('');
    setError(message);
    document.getElementById(FIELD_ID)?.focus();
  }

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = code.trim();
    setError(undefined);
    if (trimmed === '') {
      setError(coreMessage('subscriptions.couponEmpty'));
      document.getElementById(FIELD_ID)?.focus();
      return;
    }
    try {
      const result = await verify.mutateAsync({ subscriptionId: subscription.id, code: trimmed });
      if (!isValidPromo(result)) return reject(coreMessage('subscriptions.couponInvalid'));
      await apply.mutateAsync({ subscriptionId: subscription.id, code: trimmed });
      setCode('');
    } catch (failure) {
      if (isApiRequestError(failure) && failure.status === HttpStatus.unprocessable) {
        reject(failure.fieldError('code') ?? failure.message);
      } else {
        showApiError(failure);
      }
    }
  }

  return (
    <form className="coupon-field" noValidate onSubmit={(event) => void add(event)}>
      <FormField id={FIELD_ID} label={t('coupon.label')} error={error}>
        <div className="coupon-field__row">
          <Input
            id={FIELD_ID}
            name="code"
            value={applied ? applied.code : code}
            disabled={Boolean(applied)}
            maxLength={64}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            status={error ? 'error' : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${FIELD_ID}-error` : undefined}
            onChange={(event) => {
              setCode(event.target.value);
              if (error) setError(undefined);
            }}
          />
          <Button htmlType="submit" disabled={Boolean(applied)} loading={isBusy}>
            {t('coupon.add')}
          </Button>
        </div>
      </FormField>
      {/* Always in the page, so that screen readers announce the coupon when it is applied. */}
      <p className="coupon-field__applied" role="status">
        {applied ? t('coupon.applied', { code: applied.code }) : ''}
      </p>
    </form>
  );
}
