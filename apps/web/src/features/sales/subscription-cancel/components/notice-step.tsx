import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../lib/format.ts';
import type { CancelTarget } from '../lib/cancel-target.ts';
import { CANCEL_NAMESPACE } from '../lib/subscription-cancel-i18n.ts';

/** Step 1: what cancelling means, and which subscription (end of access, package, subjects). */
export function NoticeStep({
  target,
  onBack,
  onContinue,
}: {
  target: CancelTarget;
  onBack: () => void;
  onContinue: () => void;
}) {
  const { t } = useTranslation(CANCEL_NAMESPACE);
  return (
    <section className="cancel-card" aria-labelledby="cancel-notice-title">
      <h2 id="cancel-notice-title" className="cancel-card__title">
        {t('notice.title')}
      </h2>
      <p>{t('notice.text')}</p>
      <dl className="cancel-card__facts">
        <div>
          <dt>{t('notice.package')}</dt>
          <dd>{target.package_name}</dd>
        </div>
        <div>
          <dt>{t('notice.subjects')}</dt>
          <dd>{target.all_subjects ? t('notice.allSubjects') : target.subjects.join(', ')}</dd>
        </div>
        <div>
          <dt>{t('notice.end')}</dt>
          <dd>{target.subscription_end ? formatDate(target.subscription_end) : t('noDate')}</dd>
        </div>
      </dl>
      <div className="form-actions">
        <Button className="form-actions__cancel" onClick={onBack}>
          {t('notice.back')}
        </Button>
        <Button type="primary" onClick={onContinue}>
          {t('notice.continue')}
        </Button>
      </div>
    </section>
  );
}
