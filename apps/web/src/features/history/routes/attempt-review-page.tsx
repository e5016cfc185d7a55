import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/page-shell.tsx';

/** `/revisar`: the review of a past attempt (spec 001, section 2). For now, a title and what will be here. */
export function AttemptReviewPage() {
  const { t } = useTranslation();
  return (
    <PageShell
      title={t('pages.attemptReview.title')}
      description={t('pages.attemptReview.description')}
    />
  );
}
