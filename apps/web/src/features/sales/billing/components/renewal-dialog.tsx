import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import { AntdScope } from '../../../../app/antd-scope.tsx';
import { formatDate } from '../../../../lib/format.ts';
import { inLanguage } from '../../../../lib/localized.ts';
import type { SubscriptionRow } from '../api/get-subscriptions.ts';
import { BILLING_NAMESPACE } from '../lib/billing-i18n.ts';

/**
 * The confirmation before renewal is turned off (or, during a trial, before the trial is
 * cancelled): what the student keeps and until when. Ant Design's dialog, in a chunk of its own
 * with its scope, loaded when the switch is first turned off: the account's tables are plain.
 */
export function RenewalDialog({
  subscription,
  isSaving,
  onConfirm,
  onCancel,
}: {
  subscription: SubscriptionRow;
  isSaving: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation(BILLING_NAMESPACE);
  // Turning a trial's renewal off cancels the trial: it is said so.
  const texts = subscription.status === 'Trial' ? 'trialCancel' : 'renewal';
  return (
    <AntdScope>
      <Modal
        open
        title={t(`subscriptions.${texts}.confirmTitle`)}
        okText={t(`subscriptions.${texts}.confirmOk`)}
        cancelText={t(`subscriptions.${texts}.confirmCancel`)}
        okButtonProps={{ danger: true }}
        confirmLoading={isSaving}
        onOk={onConfirm}
        onCancel={onCancel}
      >
        <p>
          {t(`subscriptions.${texts}.confirmText`, {
            plan: inLanguage(
              subscription.package.name,
              subscription.package.name_en,
              i18n.language,
            ),
            date: subscription.subscription_end ? formatDate(subscription.subscription_end) : '',
          })}
        </p>
      </Modal>
    </AntdScope>
  );
}
