import '../lib/registration-i18n.ts';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The wizard's e-mail step: where the link went, a way to send it again (`resendLink`, composed by
 * the route) and the way on to the login once the address is confirmed.
 */
export function EmailSentStep({ email, resendLink }: { email: string; resendLink: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="email-step">
      <h2 className="email-step__title">{t('registration.emailStep.title')}</h2>
      <p role="status">
        <Trans
          i18nKey="registration.emailStep.sent"
          values={{ email }}
          components={{ strong: <strong /> }}
        />
      </p>
      <p>{t('registration.emailStep.instructions')}</p>
      <div className="email-step__resend">
        <span>{t('registration.emailStep.notReceived')}</span> {resendLink}
      </div>
      <p className="email-step__login">
        <Link to="/login">{t('registration.emailStep.toLogin')}</Link>
      </p>
    </div>
  );
}
