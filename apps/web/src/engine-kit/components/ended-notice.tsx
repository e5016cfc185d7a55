import Alert from 'antd/es/alert';
import { useTranslation } from 'react-i18next';
import type { AttemptResult } from '@ensaya/core/contracts/engine';
import { TEST_TAKING_NAMESPACE } from '../lib/test-taking-i18n.ts';

/**
 * On the result: the test was not sent by the student's own "send" (the time ran out, or the
 * student left it), so its unanswered questions are explained. Nothing when the student sent it.
 */
export function EndedNotice({ endedBy }: { endedBy: AttemptResult['ended_by'] }) {
  const { t } = useTranslation(TEST_TAKING_NAMESPACE);
  if (endedBy === 'student') return null;
  return (
    <Alert
      className="result__ended"
      type="warning"
      showIcon
      role="status"
      title={endedBy === 'time' ? t('result.endedByTime') : t('result.endedByLeave')}
    />
  );
}
