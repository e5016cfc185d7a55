import '../history.css';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { StatsKind } from '@ensaya/core/contracts/statistics';
import { FullPageSpinner } from '../../../../components/full-page-spinner.tsx';
import { LoadError } from '../../../../components/load-error.tsx';
import { PageShell } from '../../../../components/page-shell.tsx';
import { isApiRequestError, showApiError } from '../../../../lib/api-client.ts';
import { EnginePageHeader } from '../../../../engine-kit/components/engine-page-header.tsx';
import { updateControl } from '../../../../engine-kit/lib/control-context.ts';
import { useDeleteUserTests } from '../api/delete-user-tests.ts';
import { useHistory } from '../api/get-history.ts';
import { useHistorySubject } from '../hooks/use-history-subject.ts';
import { HISTORY_NAMESPACE } from '../lib/history-i18n.ts';
import { HistoryKindSwitch } from './history-kind-switch.tsx';
import { HistoryTable, type HistorySortState } from './history-table.tsx';

/** After a delete (spec 001, sections 4 and 9): the message after 2 s, the move 3 s later. */
export const DELETED_MESSAGE_DELAY_MS = 2000;
export const DELETED_MOVE_DELAY_MS = 3000;

/** Where a delete leads: the subjects for practice tests and drills, the mock exams for official ones. */
const AFTER_DELETE: Record<StatsKind, string> = {
  custom: '/materias',
  official: '/ensayo',
  wrong_answers: '/materias',
};

const TITLE_KEY: Record<StatsKind, string> = {
  custom: 'pages.customHistory.title',
  official: 'pages.officialHistory.title',
  wrong_answers: 'drillTitle',
};

/**
 * A subject's history of one kind of test (`/historico`, `/historico/ensayo`,
 * `/historico/repasos`), with a switch between the kinds. With an active
 * subscription and a selection: delete (one row) or delete all (several), each after a
 * confirmation; return to `/temashistorial` and review at `/revisar` (exactly one row). Without
 * one the history stays readable and the actions are hidden.
 */
export function HistoryView({ type }: { type: StatsKind }) {
  const { t } = useTranslation(HISTORY_NAMESPACE);
  const navigate = useNavigate();
  const subject = useHistorySubject(type === 'official' ? 'official' : 'custom');
  const [sort, setSort] = useState<HistorySortState>({ sort: 'date', order: 'desc' });
  const [page, setPage] = useState(1);
  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  const [isConfirming, setIsConfirming] = useState(false);
  const [deletedMessage, setDeletedMessage] = useState<string | null>(null);
  const [isLeaving, setIsLeaving] = useState(false);
  const timers = useRef<number[]>([]);
  const history = useHistory(
    subject.subjectId === null ? null : { subjectId: subject.subjectId, type, ...sort, page },
  );
  const deletion = useDeleteUserTests();
  // Drills' title is the feature's own (the global texts load with the login page).
  const title = t(TITLE_KEY[type], {
    ns: type === 'wrong_answers' ? HISTORY_NAMESPACE : 'translation',
  });

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => window.clearTimeout(timer));
  }, []);

  if (subject.subjectId === null) {
    return (
      <PageShell title={title} description={t('noSubject')}>
        <Link to="/materias">{t('chooseSubject')}</Link>
      </PageShell>
    );
  }
  if (history.isPending) return <FullPageSpinner />;
  if (history.isError) {
    if (isApiRequestError(history.error) && history.error.handled) return <FullPageSpinner />;
    return <LoadError onRetry={() => void history.refetch()} />;
  }

  const rows = history.data.data;
  const count = selectedIds.length;
  const canAct = subject.hasAccess && count > 0 && !isLeaving;
  const selectedId = count === 1 ? selectedIds[0]! : null;

  function confirmDelete() {
    const ids = [...selectedIds];
    deletion.mutate(ids, {
      onSuccess: (result) => {
        setIsConfirming(false);
        setSelectedIds([]);
        setIsLeaving(true);
        timers.current.push(
          window.setTimeout(() => {
            setDeletedMessage(result.message);
            timers.current.push(
              window.setTimeout(() => void navigate(AFTER_DELETE[type]), DELETED_MOVE_DELAY_MS),
            );
          }, DELETED_MESSAGE_DELAY_MS),
        );
      },
      onError: (error) => {
        setIsConfirming(false);
        showApiError(error);
      },
    });
  }

  function returnTo(id: number) {
    const row = rows.find((candidate) => candidate.id === id);
    // `/temashistorial` reads the attempt from the control context (and from `?id=`).
    updateControl({
      userTestId: id,
      type: row?.type ?? (type === 'official' ? 'official' : 'custom'),
    });
    void navigate(`/temashistorial?id=${id}`);
  }

  return (
    <section className="page history-page">
      <EnginePageHeader title={title} control={subject.control} onBack={() => void navigate(-1)} />
      {subject.name && <p className="page__lead">{t('lead', { subject: subject.name })}</p>}
      <HistoryKindSwitch current={type} subjectId={subject.subjectId} />
      {!subject.hasAccess && subject.card && (
        <Alert className="history-page__notice" type="info" showIcon title={t('readOnly')} />
      )}

      {deletedMessage && (
        <Alert
          className="history-page__notice"
          type="success"
          showIcon
          role="status"
          title={deletedMessage}
          description={t(type === 'official' ? 'movingToExams' : 'movingToSubjects')}
        />
      )}

      {canAct && (
        <div className="history-actions" role="toolbar" aria-label={t('actions.label')}>
          <span className="history-actions__count">{t('selected', { count })}</span>
          {count === 1 && (
            <Button danger onClick={() => setIsConfirming(true)}>
              {t('actions.delete')}
            </Button>
          )}
          {count > 1 && (
            <Button danger onClick={() => setIsConfirming(true)}>
              {t('actions.deleteAll')}
            </Button>
          )}
          {selectedId !== null && (
            <>
              <Button onClick={() => returnTo(selectedId)}>{t('actions.return')}</Button>
              <Button type="primary" onClick={() => void navigate(`/revisar?id=${selectedId}`)}>
                {t('actions.review')}
              </Button>
            </>
          )}
        </div>
      )}

      <HistoryTable
        rows={rows}
        total={history.data.meta.total}
        page={page}
        sort={sort}
        isLoading={history.isFetching}
        selectedIds={selectedIds}
        onSelect={setSelectedIds}
        onPageChange={(next) => {
          setPage(next);
          setSelectedIds([]);
        }}
        onSortChange={(next) => {
          setSort(next);
          setPage(1);
          setSelectedIds([]);
        }}
      />

      <Modal
        open={isConfirming}
        title={count > 1 ? t('confirm.titleAll') : t('confirm.title')}
        okText={t('confirm.ok')}
        cancelText={t('confirm.cancel')}
        okButtonProps={{ danger: true }}
        confirmLoading={deletion.isPending}
        onOk={confirmDelete}
        onCancel={() => setIsConfirming(false)}
      >
        <p>{t('confirm.question', { count })}</p>
      </Modal>
    </section>
  );
}
