import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageShell } from '../../../components/page-shell.tsx';
import { useMe } from '../../../lib/session.ts';

/** `/dashboard`: the home of a logged-in student. The chart cards come with spec 001. */
export function DashboardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useMe();

  return (
    <PageShell
      title={user ? t('dashboard.greeting', { name: user.name }) : t('dashboard.title')}
      description={t('dashboard.lead')}
    >
      <Button type="primary" size="large" onClick={() => void navigate('/materias')}>
        {t('dashboard.goToSubjects')}
      </Button>
    </PageShell>
  );
}
