import '../../features/accounts/registration/lib/registration-i18n.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { StorageKey } from '@ensaya/core/storage-keys';
import { writeStored } from '../../lib/storage.ts';
import { ResendVerificationLink } from '../../features/accounts/auth/components/resend-verification-link.tsx';
import { ChosenPackageNote } from '../../features/sales/packages/components/chosen-package-note.tsx';
import type { RegisteredUser } from '../../features/accounts/registration/api/register.ts';
import { EmailSentStep } from '../../features/accounts/registration/components/email-sent-step.tsx';
import { RegistrationForm } from '../../features/accounts/registration/components/registration-form.tsx';
import { RegistrationSteps } from '../../features/accounts/registration/components/registration-steps.tsx';

/** A package id as the address carries it, or undefined. */
function packageIdOf(segment: string | undefined): number | undefined {
  return segment !== undefined && /^\d{1,9}$/.test(segment) ? Number(segment) : undefined;
}

/**
 * `/registro/:id/:lang/:banner?`: the registration wizard for a preselected package (spec 000,
 * screen 4). The language and banner segments are stored by the public layout. This page holds the
 * first two steps (the form, then the e-mail); the package id is kept in browser storage (key
 * `package`) so that the steps after the e-mail and the login, at `/subscripcion/paquete`, skip
 * the package step.
 */
export function RegistrationPage() {
  const { t } = useTranslation();
  const [registered, setRegistered] = useState<RegisteredUser>();
  const packageId = packageIdOf(useParams().id);

  useEffect(() => {
    if (packageId !== undefined) writeStored(StorageKey.package, String(packageId));
  }, [packageId]);

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
            resendLink={
              <ResendVerificationLink
                target={{ userId: registered.id, token: registered.resend_token }}
              />
            }
          />
        ) : (
          <>
            <p className="page__lead">{t('registration.lead')}</p>
            {packageId !== undefined && <ChosenPackageNote packageId={packageId} />}
            <RegistrationForm
              packageId={packageId}
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
