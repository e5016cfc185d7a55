import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HttpStatus } from '@ensaya/core/api/http';
import type { AttemptState, StartUserTestRequest } from '@ensaya/core/contracts/engine';
import { InfoDialog } from '../../components/info-dialog.tsx';
import { isApiRequestError, showApiError, type FieldErrors } from '../../lib/api-client.ts';
import { showErrorDialog } from '../../lib/app-bridge.ts';
import { attemptQueryKey, type LoadedAttemptState } from '../api/get-attempt.ts';
import { startUserTest } from '../api/start-user-test.ts';
import { StartConflictDialog } from '../components/start-conflict-dialog.tsx';
import { attemptPath, TEST_ROUTE } from '../lib/attempt-routes.ts';
import { updateControl } from '../lib/control-context.ts';
import { clockOffsetMs } from '../lib/countdown.ts';
import { markTestRunning } from '../lib/test-flags.ts';
import { TEST_TAKING_NAMESPACE } from '../lib/test-taking-i18n.ts';

interface Conflict {
  body: StartUserTestRequest;
  message: string;
  attemptId: number;
}

/**
 * Starting a test (`POST api/user-tests`) as every setup screen does it: on success the attempt is
 * remembered in the control context, the header goes to its test state and the test opens. A
 * subject with a test in progress (409) offers to resume it or to send it and start anew; a start
 * with nothing to ask (no questions, no wrong answers) says so and goes to the dashboard.
 * `start` resolves with the field errors of a 422, for the form to show.
 */
export function useStartTest({ replace = false }: { replace?: boolean } = {}) {
  const { t } = useTranslation(TEST_TAKING_NAMESPACE);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useMutation({ mutationFn: startUserTest });
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  function open(attempt: AttemptState) {
    const loaded: LoadedAttemptState = {
      ...attempt,
      clockOffsetMs: clockOffsetMs(attempt.server_now, Date.now()),
    };
    queryClient.setQueryData(attemptQueryKey(attempt.id), loaded);
    updateControl({ userTestId: attempt.id, type: attempt.type });
    markTestRunning();
    void navigate(attemptPath(attempt.mode, attempt.id), { replace });
  }

  async function start(body: StartUserTestRequest): Promise<FieldErrors | undefined> {
    try {
      open(await mutation.mutateAsync(body));
      return undefined;
    } catch (error) {
      if (!isApiRequestError(error)) {
        showApiError(error);
        return undefined;
      }
      const inProgress = error.bodyField('in_progress_user_test_id');
      if (error.status === HttpStatus.conflict && typeof inProgress === 'number') {
        setConflict({ body, message: error.message, attemptId: inProgress });
        return undefined;
      }
      if (error.status === HttpStatus.unprocessable) {
        if (Object.keys(error.fieldErrors).length > 0) return error.fieldErrors;
        setNotice(error.message);
        return undefined;
      }
      showApiError(error);
      return undefined;
    }
  }

  function resume(attemptId: number) {
    setConflict(null);
    updateControl({ userTestId: attemptId });
    markTestRunning();
    // The practice route opens any attempt and moves to its own route once it knows the mode.
    void navigate(`${TEST_ROUTE.practice}?id=${attemptId}`, { replace });
  }

  async function startAnew(current: Conflict) {
    const fieldErrors = await start({ ...current.body, replace_in_progress: true });
    setConflict(null);
    if (fieldErrors) {
      showErrorDialog(
        t('errors.title', { ns: 'translation' }),
        Object.values(fieldErrors).flat()[0] ?? '',
      );
    }
  }

  const dialogs = (
    <>
      {conflict && (
        <StartConflictDialog
          message={conflict.message}
          isReplacing={mutation.isPending}
          onResume={() => resume(conflict.attemptId)}
          onReplace={() => void startAnew(conflict)}
          onCancel={() => setConflict(null)}
        />
      )}
      {notice && (
        <InfoDialog
          title={t('start.noticeTitle')}
          content={notice}
          onClosed={() => void navigate('/dashboard')}
        />
      )}
    </>
  );

  return { start, isStarting: mutation.isPending, dialogs };
}
