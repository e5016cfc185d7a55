import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResendVerificationLink } from '../../auth/components/resend-verification-link.tsx';
import type { RegisteredUser } from '../api/register.ts';
import { EmailSentStep } from '../components/email-sent-step.tsx';
import { RegistrationForm } from '../components/registration-form.tsx';
import { RegistrationSteps } from '../components/registration-steps.tsx';

/**
 * `/registro/:id/:lang/:banner?`: the registration wizard for a preselected package (spec 000,
 * screen 4). The language and banner segments are stored by the public layout. This issue builds
 * the first two steps (the form, then the e-mail); the package id waits for the later steps.
 */
export function RegistrationPage() {
  const { t } = useTranslation();
  const [registered, setRegistered] = useState<RegisteredUser>();

  return (
    <section className="page registration" aria-labelledby="registration-title">
      <h1 id="registration-title" className="page__title">
        {t('pages.registration.title')}
      </h1>
      <RegistrationSteps current={registered ? 'email' : 'register'} />
      <div className="registration__card">
        {registered ? (
          <EmailSentStep
            email={registered.email}
            resendLink={<ResendVerificationLink userId={registered.id} />}
          />
        ) : (
          <>
            <p className="page__lead">{t('registration.lead')}</p>
            <RegistrationForm
              onRegistered={(user) => {
                setRegistered(user);
                window.scrollTo({ top: 0, behavior: 'smooth' });
              }}
            />
          </>
        )}
      </div>
    </section>
  );
}
