import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Select from 'antd/es/select';
import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { showApiError } from '../../../../lib/api-client.ts';
import { useAdminList, useDeleteRecord } from '../api/admin-resource.ts';
import type { Question } from '../api/types.ts';
import { useFlash } from '../components/flash-message.tsx';
import { ListToolbar } from '../components/list-toolbar.tsx';
import { SubjectSelect, ThemeSelect } from '../components/reference-selects.tsx';
import { ADMIN_NAMESPACE } from '../lib/admin-i18n.ts';
import { PAGE_SIZE, useListParams } from '../lib/use-list-params.ts';

const FILTERS = ['subject_id', 'theme_id', 'is_active'] as const;
const EXCERPT_LENGTH = 140;

/** The statement's source as plain text for the list (it is rendered as text, never as HTML). */
export function statementExcerpt(source: string): string {
  const text = source
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text;
}

/** `/admin/questions`: the bank, searchable and filtered by subject, theme and status. */
export function QuestionsPage() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const location = useLocation();
  const list = useListParams(FILTERS);
  const questions = useAdminList<Question>('questions', list.params);
  const remove = useDeleteRecord('questions');
  const { flash, element: flashElement } = useFlash();
  const subjectId = list.numberFilter('subject_id');
  const savedNotice = (location.state as { saved?: boolean } | null)?.saved;

  const columns: ColumnsType<Question> = [
    { key: 'id', dataIndex: 'id', title: t('fields.id'), width: 72 },
    {
      key: 'statement',
      title: t('questions.statement'),
      render: (_, question) => (
        <Link to={`/admin/questions/${question.id}`}>{statementExcerpt(question.statement)}</Link>
      ),
    },
    { key: 'theme', dataIndex: 'theme_name', title: t('questions.theme') },
    { key: 'context', dataIndex: 'context_title', title: t('questions.context') },
    {
      key: 'status',
      title: t('questions.status'),
      render: (_, question) => (
        <>
          {question.is_active ? (
            <Tag color="green">{t('common.active')}</Tag>
          ) : (
            <Tag>{t('common.inactive')}</Tag>
          )}
          {question.is_multi_choice && <Tag color="blue">{t('questions.multi')}</Tag>}
        </>
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, question) => (
        <div className="admin-row-actions">
          <Link to={`/admin/questions/${question.id}`}>{t('common.edit')}</Link>
          <Popconfirm
            title={t('common.confirmDelete', { name: `#${question.id}` })}
            okText={t('common.delete')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() =>
              remove.mutateAsync(question.id).then(
                () => flash(t('common.deleted')),
                (error: unknown) => showApiError(error),
              )
            }
          >
            <Button size="small" danger>
              {t('common.delete')}
            </Button>
          </Popconfirm>
        </div>
      ),
    },
  ];

  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <h1 id="admin-page-title" className="page__title">
        {t('questions.title')}
      </h1>
      {savedNotice && (
        <div className="admin-flash" role="status">
          {t('editor.saved')}
        </div>
      )}
      {flashElement}
      <ListToolbar
        search={list.search}
        onSearch={(search) => list.update({ search })}
        action={<Link to="/admin/questions/new">{t('questions.new')}</Link>}
      >
        <SubjectSelect
          aria-label={t('common.subject')}
          allowClear
          value={subjectId}
          onChange={(value) => list.update({ subject_id: value, theme_id: undefined })}
        />
        <ThemeSelect
          aria-label={t('common.theme')}
          allowClear
          subjectId={subjectId}
          value={list.numberFilter('theme_id')}
          onChange={(value) => list.update({ theme_id: value })}
        />
        <Select
          aria-label={t('questions.filterActive')}
          className="admin-select admin-select--narrow"
          value={list.filters.is_active ?? ''}
          onChange={(value: string) => list.update({ is_active: value })}
          options={[
            { value: '', label: t('common.all') },
            { value: 'true', label: t('common.active') },
            { value: 'false', label: t('common.inactive') },
          ]}
        />
      </ListToolbar>
      <Table<Question>
        rowKey="id"
        columns={columns}
        dataSource={questions.data?.data}
        loading={questions.isFetching}
        scroll={{ x: true }}
        pagination={{
          current: list.page,
          pageSize: PAGE_SIZE,
          total: questions.data?.meta.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('common.total', { count: total }),
          onChange: (page) => list.update({ page }),
        }}
      />
    </section>
  );
}
