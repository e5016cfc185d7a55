import Table, { type ColumnsType, type TableProps } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import {
  HISTORY_PAGE_SIZE,
  HISTORY_SORTS,
  type HistoryRow,
  type HistorySort,
} from '@ensaya/core/contracts/statistics';
import { formatDate } from '../../../lib/format.ts';
import { HISTORY_NAMESPACE } from '../lib/history-i18n.ts';

export interface HistorySortState {
  sort: HistorySort;
  order: 'asc' | 'desc';
}

function isHistorySort(value: unknown): value is HistorySort {
  return HISTORY_SORTS.includes(value as HistorySort);
}

/**
 * The history table (spec 001, section 2): select, date, score, total, correct, result, time in
 * minutes and type; every column but select and result sorts on the server, ten rows a page,
 * one or several rows selected.
 */
export function HistoryTable({
  rows,
  total,
  page,
  sort,
  isLoading,
  selectedIds,
  onSelect,
  onPageChange,
  onSortChange,
}: {
  rows: readonly HistoryRow[];
  total: number;
  page: number;
  sort: HistorySortState;
  isLoading: boolean;
  selectedIds: readonly number[];
  onSelect: (ids: number[]) => void;
  onPageChange: (page: number) => void;
  onSortChange: (sort: HistorySortState) => void;
}) {
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
      render: (value: string) => formatDate(value),
    },
    { ...sortable('score'), title: t('columns.score'), dataIndex: 'score', align: 'right' },
    {
      ...sortable('total'),
      title: t('columns.total'),
      dataIndex: 'total_test_stems',
      align: 'right',
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
      render: (passed: boolean) =>
        passed ? <Tag color="green">{t('passed')}</Tag> : <Tag color="red">{t('failed')}</Tag>,
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
      render: (_: unknown, row: HistoryRow) => t(`mode.${row.mode}`),
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
      scroll={{ x: true }}
      locale={{ emptyText: t('empty') }}
      showSorterTooltip={false}
      rowSelection={{
        type: 'checkbox',
        selectedRowKeys: [...selectedIds],
        onChange: (keys) => onSelect(keys.map(Number)),
        getTitleCheckboxProps: () => ({ 'aria-label': t('selectAll') }),
        getCheckboxProps: (row) => ({
          'aria-label': t('selectRow', { date: formatDate(row.fecha), id: row.id }),
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
