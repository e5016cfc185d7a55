import '../lib/profile-i18n.ts';
import { useTranslation } from 'react-i18next';
import { HttpStatus } from '@ensaya/core/api/http';
import { isApiRequestError, showApiError } from '../../../../lib/api-client.ts';
import { useCancelEmailChange } from '../api/cancel-email-change.ts';
import { useResendEmailChange } from '../api/resend-email-change.ts';

/**
 * A new e-mail address waiting for its link: where the link went, that the account
 * keeps its address until then, and buttons to send the link again or cancel the change, with the
 * server's answer beside them.
 */
export function PendingEmailNotice({
  accountEmail,
  pendingEmail,
  onCanceled,
}: {
  accountEmail: string;
  pendingEmail: string;
  /** The server's message once the change is canceled (the notice then goes away). */
  onCanceled: (message: string) => void;
}) {
  const { t } = useTranslation();
  const resend = useResendEmailChange();
  const cancel = useCancelEmailChange();
  const isBusy = resend.isPending || cancel.isPending;

  let answer: { text: string; isError: boolean } | undefined;
  if (resend.isSuccess) answer = { text: resend.data, isError: false };
  else if (resend.isError) {
    const error = resend.error;
    answer = {
      text:
        isApiRequestError(error) && error.status === HttpStatus.tooManyRequests
          ? t('errors.tooManyAttempts')
          : isApiRequestError(error)
            ? error.message
            : t('errors.generic'),
      isError: true,
    };
  }

  return (
    <div className="form-info pending-email">
      <p className="form-info__text">
        {t('account.personal.pending', { email: pendingEmail, current: accountEmail })}
      </p>
      <button
        type="button"
        className="link-button"
        disabled={isBusy}
        onClick={() => {
          cancel.reset();
          resend.mutate();
        }}
      >
        {resend.isPending ? t('account.personal.resending') : t('account.personal.resend')}
      </button>
      {' · '}
      <button
        type="button"
        className="link-button"
        disabled={isBusy}
        onClick={() => {
          resend.reset();
          cancel.mutate(undefined, { onSuccess: onCanceled, onError: showApiError });
        }}
      >
        {t('account.personal.cancelChange')}
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
