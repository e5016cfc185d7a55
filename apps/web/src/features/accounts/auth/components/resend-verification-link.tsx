import { useTranslation } from 'react-i18next';
import { HttpStatus } from '@ensaya/core/api/http';
import { isApiRequestError } from '../../../../lib/api-client.ts';
import { useResendVerification, type ResendTarget } from '../api/resend-verification.ts';

/**
 * "Resend the e-mail" for an unverified student (the wizard's e-mail step and the login's verify
 * notice, spec 000 screen 4 and section 8), with the server's answer beside it. It carries the
 * token the registration or the login answered, so only that student can have the mail resent.
 */
export function ResendVerificationLink({ target }: { target: ResendTarget }) {
  const { t } = useTranslation();
  const resend = useResendVerification();

  let answer: { text: string; isError: boolean } | undefined;
  if (resend.isSuccess) answer = { text: resend.data, isError: false };
  else if (resend.isError) {
    const error = resend.error;
    const isThrottled = isApiRequestError(error) && error.status === HttpStatus.tooManyRequests;
    answer = {
      text: isThrottled
        ? t('errors.tooManyAttempts')
        : isApiRequestError(error)
          ? error.message
          : t('errors.generic'),
      isError: true,
    };
  }

  return (
    <div className="resend-verification">
      <button
        type="button"
        className="link-button"
        disabled={resend.isPending}
        onClick={() => resend.mutate(target)}
      >
        {resend.isPending ? t('verification.resending') : t('verification.resend')}
      </button>
      <p
        className={answer?.isError ? 'resend-verification__error' : 'resend-verification__answer'}
        role="status"
        aria-live="polite"
      >
        {answer?.text}
      </p>
    </div>
  );
}
