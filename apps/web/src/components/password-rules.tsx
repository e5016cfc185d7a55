import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH, PASSWORD_SPECIALS } from '@ensaya/core/validation/account';

/** What a new password needs (spec 000, section 5), shown beside the field; core checks it. */
export function PasswordRules() {
  const { t } = useTranslation();
  return (
    <div className="password-rules">
      <p className="password-rules__title">{t('passwordRules.title')}</p>
      <ul className="password-rules__list">
        <li>{t('passwordRules.length', { min: PASSWORD_MIN_LENGTH })}</li>
        <li>{t('passwordRules.cases')}</li>
        <li>{t('passwordRules.digit')}</li>
        <li>{t('passwordRules.special', { specials: PASSWORD_SPECIALS })}</li>
        <li>{t('passwordRules.spaces')}</li>
      </ul>
    </div>
  );
}
