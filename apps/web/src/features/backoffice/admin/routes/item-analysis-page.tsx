import '../item-analysis.css';
import Alert from 'antd/es/alert';
import Checkbox from 'antd/es/checkbox';
import Select from 'antd/es/select';
import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAdminOptions } from '../api/admin-resource.ts';
import { useItemAnalysisList, type ItemAnalysisRow } from '../api/item-analysis.ts';
import type { Period } from '../api/types.ts';
import { SubjectSelect } from '../components/reference-selects.tsx';
import { ADMIN_NAMESPACE } from '../lib/admin-i18n.ts';
import { PAGE_SIZE, useListParams } from '../lib/use-list-params.ts';
import {
  AverageTime,
  formatDiscrimination,
  formatShare,
  ItemFlags,
  OptionShares,
} from '../components/item-analysis-parts.tsx';

const SORTS = [
  'stem_number',
  'attempts',
  'facility',
  'discrimination',
  'average_seconds',
  'flags',
  'comments',
];

/**
 * `/admin/item-analysis`: the questions of a subject in one period with how students answered
 * them (attempts, facility, discrimination, average time, option shares, comments and flags),
 * sortable, with a
 * "flagged only" filter. The state lives in the address, so the detail's back link returns here.
 */
/** The page's filters and sort, kept in the address like every admin list's. */
const FILTERS = ['subject_id', 'period_id', 'sort', 'order', 'flagged'] as const;

export function ItemAnalysisPage() {
  const { t, i18n } = useTranslation(ADMIN_NAMESPACE);
  const [searchParams] = useSearchParams();
  const { page, filters, numberFilter, update } = useListParams(FILTERS);
  const subjectId = numberFilter('subject_id') || undefined;
  const periodId = numberFilter('period_id') || undefined;
  const sortParam = filters.sort ?? 'stem_number';
  const sort = SORTS.includes(sortParam) ? sortParam : 'stem_number';
  const order = filters.order === 'desc' ? 'desc' : 'asc';
  const isFlaggedOnly = filters.flagged === 'true';

  const periods = useAdminOptions<Period>(
    'periods',
    { subject_id: subjectId },
    { enabled: subjectId !== undefined },
  );
  // A subject chosen without a period: its current period (or its first).
  useEffect(() => {
    if (subjectId === undefined || periodId !== undefined || !periods.data) return;
    const choice = periods.data.data.find((p) => p.is_current) ?? periods.data.data[0];
    if (choice) update({ period_id: choice.id });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- update is recreated on each render
  }, [subjectId, periodId, periods.data]);

  const list = useItemAnalysisList(
    periodId === undefined
      ? undefined
      : {
          period_id: periodId,
          page,
          per_page: PAGE_SIZE,
          sort,
          order,
          ...(isFlaggedOnly ? { flagged: 'true' as const } : {}),
        },
  );
  const meta = list.data?.meta;
  const sortOrder = (key: string) =>
    sort === key ? (order === 'desc' ? ('descend' as const) : ('ascend' as const)) : null;
  const detailLink = (row: ItemAnalysisRow) =>
    `/admin/item-analysis/${row.stem_id}?${new URLSearchParams({
      ...Object.fromEntries(searchParams),
      period_id: String(periodId),
    }).toString()}`;

  const columns: ColumnsType<ItemAnalysisRow> = [
    {
      key: 'question',
      title: t('itemAnalysis.question'),
      render: (_, row) => (
        <div className="item-analysis__question">
          <Link to={detailLink(row)}>{row.excerpt || `#${row.stem_number}`}</Link>
          <span className="item-analysis__theme">
            {t('itemAnalysis.numberAndTheme', { number: row.stem_number, theme: row.theme_name })}
            {row.comments > 0 && ` · ${t('itemAnalysis.commentCount', { count: row.comments })}`}
          </span>
          {!row.is_active && <Tag>{t('common.inactive')}</Tag>}
        </div>
      ),
    },
    {
      key: 'flags',
      title: t('itemAnalysis.flags'),
      sorter: true,
      sortOrder: sortOrder('flags'),
      render: (_, row) => <ItemFlags flags={row.flags} />,
    },
    {
      key: 'attempts',
      dataIndex: 'attempts',
      title: t('itemAnalysis.attempts'),
      align: 'right',
      sorter: true,
      sortOrder: sortOrder('attempts'),
    },
    {
      key: 'facility',
      title: t('itemAnalysis.facility'),
      align: 'right',
      sorter: true,
      sortOrder: sortOrder('facility'),
      render: (_, row) => formatShare(row.facility, i18n.language),
    },
    {
      key: 'discrimination',
      title: t('itemAnalysis.discrimination'),
      align: 'right',
      sorter: true,
      sortOrder: sortOrder('discrimination'),
      render: (_, row) => (
        <span title={t('itemAnalysis.discriminationN', { count: row.discrimination_n })}>
          {formatDiscrimination(row.discrimination, i18n.language)}
        </span>
      ),
    },
    {
      key: 'average_seconds',
      title: <span title={t('itemAnalysis.averageTimeHelp')}>{t('itemAnalysis.averageTime')}</span>,
      align: 'right',
      sorter: true,
      sortOrder: sortOrder('average_seconds'),
      render: (_, row) => <AverageTime seconds={row.average_seconds} />,
    },
    {
      key: 'options',
      title: t('itemAnalysis.options'),
      render: (_, row) => <OptionShares row={row} compact />,
    },
  ];

  return (
    <section className="admin-page item-analysis" aria-labelledby="admin-page-title">
      <h1 id="admin-page-title" className="page__title">
        {t('itemAnalysis.title')}
      </h1>
      <p className="page__lead">{t('itemAnalysis.lead', { n: meta?.min_n ?? 30 })}</p>
      <div className="admin-toolbar item-analysis__filters">
        <SubjectSelect
          aria-label={t('common.subject')}
          value={subjectId}
          onChange={(value) => update({ subject_id: value, period_id: undefined })}
        />
        <Select
          aria-label={t('itemAnalysis.period')}
          className="admin-select"
          placeholder={t('itemAnalysis.choosePeriod')}
          disabled={subjectId === undefined}
          loading={subjectId !== undefined && periods.isPending}
          value={periodId}
          onChange={(value: number) => update({ period_id: value })}
          options={periods.data?.data.map((period) => ({
            value: period.id,
            label: period.is_current
              ? `${period.name} (${t('itemAnalysis.current')})`
              : period.name,
          }))}
        />
        <Checkbox
          checked={isFlaggedOnly}
          onChange={(event) => update({ flagged: event.target.checked ? 'true' : undefined })}
        >
          {t('itemAnalysis.flaggedOnly')}
        </Checkbox>
      </div>
      {subjectId === undefined && <p>{t('itemAnalysis.chooseSubject')}</p>}
      {list.isError && <Alert type="error" title={list.error.message} />}
      {meta && (
        <p className="item-analysis__meta" role="status">
          {meta.pending_attempts > 0
            ? t('itemAnalysis.pending', { count: meta.pending_attempts })
            : t('itemAnalysis.upToDate')}
        </p>
      )}
      {periodId !== undefined && (
        <Table<ItemAnalysisRow>
          rowKey="stem_id"
          size="small"
          columns={columns}
          dataSource={list.data?.data}
          loading={list.isFetching}
          scroll={{ x: true }}
          locale={{
            emptyText: isFlaggedOnly ? t('itemAnalysis.noFlagged') : t('itemAnalysis.empty'),
          }}
          onChange={(_, __, sorter, extra) => {
            if (extra.action !== 'sort') return;
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            const key = one?.order ? String(one.columnKey) : undefined;
            update({
              sort: key,
              order: one?.order === 'descend' ? 'desc' : undefined,
            });
          }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: meta?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => t('common.total', { count: total }),
            onChange: (next) => update({ page: next }),
          }}
        />
      )}
    </section>
  );
}
