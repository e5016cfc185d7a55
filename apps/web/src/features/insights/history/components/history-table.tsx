import Checkbox from 'antd/es/checkbox';
import Pagination from 'antd/es/pagination';
import Select from 'antd/es/select';
import Table, { type ColumnsType, type TableProps } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import {
  HISTORY_SORTS,
  type HistoryRow,
  type HistorySort,
} from '@ensaya/core/contracts/statistics';
import { HISTORY_PAGE_SIZE } from '@ensaya/core/statistics/history';
import { formatDateTime } from '../../../../lib/format.ts';
import { NARROW_SCREEN, useMediaQuery } from '../../../../lib/use-media-query.ts';
import { HISTORY_NAMESPACE } from '../lib/history-i18n.ts';
import { testKindKey } from '../../../../engine-kit/lib/test-kind.ts';

export interface HistorySortState {
  sort: HistorySort;
  order: 'asc' | 'desc';
}

interface HistoryTableProps {
  rows: readonly HistoryRow[];
  total: number;
  page: number;
  sort: HistorySortState;
  isLoading: boolean;
  selectedIds: readonly number[];
  onSelect: (ids: number[]) => void;
  onPageChange: (page: number) => void;
  onSortChange: (sort: HistorySortState) => void;
}

function isHistorySort(value: unknown): value is HistorySort {
  return HISTORY_SORTS.includes(value as HistorySort);
}

const SORT_LABEL: Record<HistorySort, string> = {
  date: 'columns.date',
  score: 'columns.score',
  total: 'columns.total',
  correct: 'columns.correct',
  time: 'columns.time',
  type: 'columns.type',
};

/**
 * The history (spec 001, section 2): select, date, score, total, correct, result, time in minutes
 * and type; every column but select and result sorts on the server, ten rows a page, one or
 * several rows selected. Below the spec's 840 px breakpoint the rows become cards, with the sort
 * in a select, so nothing scrolls sideways on a phone.
 */
export function HistoryTable(props: HistoryTableProps) {
  const isNarrow = useMediaQuery(NARROW_SCREEN);
  return isNarrow ? <HistoryCards {...props} /> : <HistoryGrid {...props} />;
}

/** Pass or fail; none for a test without a pass mark (PAES mock exams: 458 is not one). */
function ResultTag({ passed }: { passed: boolean | null }) {
  const { t } = useTranslation(HISTORY_NAMESPACE);
  if (passed === null) return <span aria-label={t('noPassMark')}>—</span>;
  return passed ? <Tag color="green">{t('passed')}</Tag> : <Tag color="red">{t('failed')}</Tag>;
}

/**
 * The score column: a mock exam's grade; a practice's % correct (its score is 0 by the spec, and
 * "0" read as a failure).
 */
function ScoreCell({ row }: { row: HistoryRow }) {
  const { t, i18n } = useTranslation(HISTORY_NAMESPACE);
  if (row.type === 'official') return <>{row.score}</>;
  const share =
    row.total_test_stems > 0 ? (row.total_correct_choices * 100) / row.total_test_stems : 0;
  return (
    <>
      {t('percentage', {
        value: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 }).format(share),
      })}
    </>
  );
}

/** The questions: a PAES mock exam's scored ones, and its unscored pilots said apart. */
function TotalCell({ row }: { row: HistoryRow }) {
  const { t } = useTranslation(HISTORY_NAMESPACE);
  if (row.pilot_count === 0) return <>{row.total_test_stems}</>;
  return (
    <span title={t('pilotsHelp', { count: row.pilot_count })}>
      {t('totalWithPilots', { total: row.total_test_stems, pilots: row.pilot_count })}
    </span>
  );
}

/** The kind of attempt, with the elective module of a Ciencias mock exam. */
export function modeLabel(row: Pick<HistoryRow, 'mode' | 'elective_name'>, mode: string): string {
  return row.elective_name ? `${mode} · ${row.elective_name}` : mode;
}

function HistoryGrid({
  rows,
  total,
  page,
  sort,
  isLoading,
  selectedIds,
  onSelect,
  onPageChange,
  onSortChange,
}: HistoryTableProps) {
  const { t } = useTranslation(HISTORY_NAMESPACE);

  const sortable = (key: HistorySort) => ({
    key,
    sorter: true,
    sortDirections: ['descend', 'ascend'] as ('descend' | 'ascend')[],
    sortOrder:
      sort.sort === key
        ? sort.order === 'asc'
          ? ('ascend' as const)
          : ('descend' as const)
        : null,
  });

  const columns: ColumnsType<HistoryRow> = [
    {
      ...sortable('date'),
      title: t('columns.date'),
      dataIndex: 'fecha',
      render: (value: string) => formatDateTime(value),
    },
    {
      ...sortable('score'),
      title: t('columns.score'),
      dataIndex: 'score',
      align: 'right',
      render: (_: unknown, row: HistoryRow) => <ScoreCell row={row} />,
    },
    {
      ...sortable('total'),
      title: t('columns.total'),
      dataIndex: 'total_test_stems',
      align: 'right',
      render: (_: unknown, row: HistoryRow) => <TotalCell row={row} />,
    },
    {
      ...sortable('correct'),
      title: t('columns.correct'),
      dataIndex: 'total_correct_choices',
      align: 'right',
    },
    {
      key: 'result',
      title: t('columns.result'),
      dataIndex: 'min_passed',
      render: (passed: boolean | null) => <ResultTag passed={passed} />,
    },
    {
      ...sortable('time'),
      title: t('columns.time'),
      dataIndex: 'time_minutes',
      align: 'right',
    },
    {
      ...sortable('type'),
      title: t('columns.type'),
      dataIndex: 'mode',
      render: (_: unknown, row: HistoryRow) =>
        modeLabel(row, t(`mode.${testKindKey(row.mode, row.wrong_source)}`)),
    },
  ];

  const onChange: TableProps<HistoryRow>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const single = Array.isArray(sorter) ? sorter[0] : sorter;
      const key = single?.columnKey;
      // A third click clears antd's order: back to the default, newest first.
      if (!single?.order || !isHistorySort(key)) onSortChange({ sort: 'date', order: 'desc' });
      else onSortChange({ sort: key, order: single.order === 'ascend' ? 'asc' : 'desc' });
      return;
    }
    if (extra.action === 'paginate' && pagination.current) onPageChange(pagination.current);
  };

  return (
    <Table<HistoryRow>
      className="history-table"
      rowKey="id"
      columns={columns}
      dataSource={[...rows]}
      loading={isLoading}
      locale={{ emptyText: t('empty') }}
      showSorterTooltip={false}
      rowSelection={{
        type: 'checkbox',
        selectedRowKeys: [...selectedIds],
        onChange: (keys) => onSelect(keys.map(Number)),
        getTitleCheckboxProps: () => ({ 'aria-label': t('selectAll') }),
        getCheckboxProps: (row) => ({
          'aria-label': t('selectRow', { date: formatDateTime(row.fecha), id: row.id }),
        }),
      }}
      onChange={onChange}
      pagination={{
        current: page,
        pageSize: HISTORY_PAGE_SIZE,
        total,
        showSizeChanger: false,
        showTotal: (count) => t('total', { count }),
      }}
    />
  );
}

/** The same rows as cards on a phone: a checkbox, the date and time, the result and the facts. */
function HistoryCards({
  rows,
  total,
  page,
  sort,
  isLoading,
  selectedIds,
  onSelect,
  onPageChange,
  onSortChange,
}: HistoryTableProps) {
  const { t } = useTranslation(HISTORY_NAMESPACE);
  const selected = new Set(selectedIds);
  const pageIds = rows.map((row) => row.id);
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const sortOptions = HISTORY_SORTS.flatMap((key) =>
    (['desc', 'asc'] as const).map((order) => ({
      value: `${key}:${order}`,
      label: t(`sort.${order}`, { column: t(SORT_LABEL[key]) }),
    })),
  );

  const toggle = (id: number, isChecked: boolean) =>
    onSelect(isChecked ? [...selectedIds, id] : selectedIds.filter((other) => other !== id));

  return (
    <div className="history-cards" aria-busy={isLoading}>
      <div className="history-cards__toolbar">
        <Checkbox
          checked={allSelected}
          indeterminate={!allSelected && pageIds.some((id) => selected.has(id))}
          disabled={pageIds.length === 0}
          onChange={(event) => onSelect(event.target.checked ? pageIds : [])}
          aria-label={t('selectAll')}
        >
          {t('selectPage')}
        </Checkbox>
        <Select
          className="history-cards__sort"
          aria-label={t('sort.label')}
          value={`${sort.sort}:${sort.order}`}
          options={sortOptions}
          onChange={(value: string) => {
            const [key, order] = value.split(':');
            if (isHistorySort(key))
              onSortChange({ sort: key, order: order === 'asc' ? 'asc' : 'desc' });
          }}
        />
      </div>
      {rows.length === 0 ? (
        <p className="history-cards__empty">{t('empty')}</p>
      ) : (
        <ul className="history-cards__list">
          {rows.map((row) => {
            const when = formatDateTime(row.fecha);
            return (
              <li key={row.id}>
                <article
                  className={
                    selected.has(row.id) ? 'history-card history-card--selected' : 'history-card'
                  }
                  aria-label={t('cardLabel', { date: when })}
                >
                  <div className="history-card__head">
                    <Checkbox
                      checked={selected.has(row.id)}
                      onChange={(event) => toggle(row.id, event.target.checked)}
                      aria-label={t('selectRow', { date: when, id: row.id })}
                    />
                    <span className="history-card__date">{when}</span>
                    <ResultTag passed={row.min_passed} />
                  </div>
                  <dl className="history-card__facts">
                    <div>
                      <dt>{t('columns.type')}</dt>
                      <dd>
                        {modeLabel(row, t(`mode.${testKindKey(row.mode, row.wrong_source)}`))}
                      </dd>
                    </div>
                    <div>
                      <dt>{t('columns.score')}</dt>
                      <dd>
                        <ScoreCell row={row} />
                      </dd>
                    </div>
                    <div>
                      <dt>{t('columns.correct')}</dt>
                      <dd>
                        {t('correctOf', {
                          correct: row.total_correct_choices,
                          total: row.total_test_stems,
                        })}
                        {row.pilot_count > 0 && ` ${t('plusPilots', { count: row.pilot_count })}`}
                      </dd>
                    </div>
                    <div>
                      <dt>{t('columns.time')}</dt>
                      <dd>{row.time_minutes}</dd>
                    </div>
                  </dl>
                </article>
              </li>
            );
          })}
        </ul>
      )}
      <div className="history-cards__pages">
        <span className="history-cards__total">{t('total', { count: total })}</span>
        <Pagination
          simple
          current={page}
          pageSize={HISTORY_PAGE_SIZE}
          total={total}
          showSizeChanger={false}
          onChange={onPageChange}
        />
      </div>
    </div>
  );
}
