import '../packages.css';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { PACKAGES_NAMESPACE } from '../lib/packages-i18n.ts';

/** Back (when there is somewhere to go back to) and Next, the step's submit button. */
export function WizardActions({
  onBack,
  isSubmitting = false,
}: {
  onBack?: () => void;
  isSubmitting?: boolean;
}) {
  const { t } = useTranslation(PACKAGES_NAMESPACE);
  return (
    <div className="wizard-actions">
      {onBack && (
        <Button size="large" onClick={onBack}>
          {t('back')}
        </Button>
      )}
      <Button type="primary" size="large" htmlType="submit" loading={isSubmitting}>
        {t('next')}
      </Button>
    </div>
  );
}
