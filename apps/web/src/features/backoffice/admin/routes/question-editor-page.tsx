import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadError } from '../../../../components/load-error.tsx';
import { useAdminRecord } from '../api/admin-resource.ts';
import type { Question } from '../api/types.ts';
import { QuestionForm } from '../components/question-form.tsx';
import { ADMIN_NAMESPACE } from '../lib/admin-i18n.ts';

/**
 * `/admin/questions/new` and `/admin/questions/{id}` (the "back-office record" debug users are
 * linked to, spec 001 section 2). Saving returns to the list, which confirms it.
 */
export function QuestionEditorPage() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const navigate = useNavigate();
  const { id } = useParams();
  const isNew = id === undefined || id === 'new';
  const question = useAdminRecord<Question>('questions', isNew ? undefined : id);

  const title = isNew ? t('questions.new') : t('questions.editTitle', { id });
  const onSaved = () => void navigate('/admin/questions', { state: { saved: true } });

  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <Link to="/admin/questions" className="admin-back">
        ← {t('editor.backToList')}
      </Link>
      <h1 id="admin-page-title" className="page__title">
        {title}
      </h1>
      {isNew && <QuestionForm question={undefined} onSaved={onSaved} />}
      {!isNew && question.isPending && <p role="status">{t('common.loading')}</p>}
      {!isNew && question.isError && <LoadError onRetry={() => void question.refetch()} />}
      {!isNew && question.data && (
        <QuestionForm key={question.data.id} question={question.data} onSaved={onSaved} />
      )}
    </section>
  );
}
