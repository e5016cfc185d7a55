import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Popconfirm from 'antd/es/popconfirm';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import Table, { type ColumnsType } from 'antd/es/table';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpStatus } from '@ensaya/core/api/http';
import { isApiRequestError, showApiError } from '../../../../lib/api-client.ts';
import {
  useAdminList,
  useDeleteRecord,
  useSaveRecord,
  type AdminResource,
} from '../api/admin-resource.ts';
import { ADMIN_NAMESPACE } from '../lib/admin-i18n.ts';
import { splitFieldErrors } from '../lib/form-errors.ts';
import { PAGE_SIZE, useListParams } from '../lib/use-list-params.ts';
import { useFlash } from './flash-message.tsx';
import { ListToolbar } from './list-toolbar.tsx';
import { StandardTestSelect, SubjectMultiSelect, SubjectSelect } from './reference-selects.tsx';

export type FilterName = 'subject_id' | 'standard_test_id';

export interface FieldSpec {
  name: string;
  /** A key of the `admin` namespace. */
  label: string;
  kind:
    | 'text'
    | 'textarea'
    | 'number'
    | 'switch'
    | 'subject'
    | 'standard-test'
    | 'subjects'
    | 'select'
    | 'date';
  isRequired?: boolean;
  min?: number;
  /** The most characters the API accepts (text and textarea). */
  maxLength?: number;
  /** A key of the `admin` namespace: a line under the field. */
  hint?: string;
  options?: { value: string; label: string }[];
  /** Shown only when creating (a record's parent does not change afterwards). */
  isCreateOnly?: boolean;
}

export interface CatalogConfig<T extends { id: number }> {
  resource: AdminResource;
  /** Keys of `resources.<name>`: title and item. */
  textKey: string;
  columns: ColumnsType<T>;
  filters?: readonly FilterName[];
  hasSearch?: boolean;
  fields: readonly FieldSpec[];
  canCreate?: boolean;
  canDelete?: boolean;
  displayName: (record: T) => string;
  /** Initial values of a new record (beside the filters in use). */
  defaults?: Record<string, unknown>;
  /** Form values to the request body; the default sends them as they are. */
  toBody?: (values: Record<string, unknown>) => unknown;
  /** Record to form values; the default uses it as it is. */
  toValues?: (record: T) => Record<string, unknown>;
  /** More buttons in a row's actions cell. */
  rowActions?: (record: T) => ReactNode;
  /** Shown in the drawer below the fields when editing (a rendered preview, for example). */
  drawerExtra?: (record: T) => ReactNode;
}

/**
 * One field's control. `Form.Item` hands its direct child `id` (its label's target), `value` or
 * `checked`, and `onChange` (`control`), which go on to the Ant Design input.
 */
function FieldControl({ field, ...control }: { field: FieldSpec; [prop: string]: unknown }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  switch (field.kind) {
    case 'textarea':
      return <Input.TextArea autoSize={{ minRows: 4, maxRows: 16 }} {...control} />;
    case 'number':
      return <InputNumber min={field.min} className="admin-number" {...control} />;
    case 'switch':
      return <Switch {...control} />;
    case 'subject':
      return <SubjectSelect {...control} />;
    case 'standard-test':
      return <StandardTestSelect {...control} />;
    case 'subjects':
      return <SubjectMultiSelect {...control} />;
    case 'select':
      return (
        <Select
          className="admin-select"
          options={field.options?.map((option) => ({
            value: option.value,
            label: t(option.label),
          }))}
          {...control}
        />
      );
    case 'date':
      return <Input type="date" {...control} />;
    default:
      return <Input {...control} />;
  }
}

function RecordDrawer<T extends { id: number }>({
  config,
  record,
  initialValues,
  onClose,
  onSaved,
}: {
  config: CatalogConfig<T>;
  record: T | undefined;
  initialValues: Record<string, unknown>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const [form] = Form.useForm();
  const save = useSaveRecord<T>(config.resource);
  const [formError, setFormError] = useState<string[]>([]);
  const fields = config.fields.filter((field) => !(record && field.isCreateOnly));
  const item = t(`resources.${config.textKey}.item`);

  async function handleFinish(values: Record<string, unknown>) {
    setFormError([]);
    try {
      await save.mutateAsync({
        id: record?.id,
        body: config.toBody ? config.toBody(values) : values,
      });
      onSaved();
    } catch (error) {
      if (isApiRequestError(error) && error.status === HttpStatus.unprocessable) {
        const { byField, other } = splitFieldErrors(
          error.fieldErrors,
          fields.map((field) => field.name),
        );
        form.setFields(Object.entries(byField).map(([name, errors]) => ({ name, errors })));
        setFormError(other.length > 0 ? other : [error.message]);
      } else {
        showApiError(error);
      }
    }
  }

  return (
    <Drawer
      open
      title={t(record ? 'drawer.edit' : 'drawer.create', { item })}
      size={520}
      onClose={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        name={config.resource}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values: Record<string, unknown>) => void handleFinish(values)}
      >
        {formError.length > 0 && (
          <Alert type="error" className="admin-form-alert" title={formError.join(' ')} showIcon />
        )}
        {fields.map((field) => (
          <Form.Item
            key={field.name}
            name={field.name}
            label={t(field.label)}
            valuePropName={field.kind === 'switch' ? 'checked' : 'value'}
            extra={field.hint ? t(field.hint) : undefined}
            rules={[
              ...(field.isRequired ? [{ required: true, message: t('common.required') }] : []),
              ...(field.maxLength
                ? [
                    {
                      max: field.maxLength,
                      message: t('common.tooLong', { max: field.maxLength }),
                    },
                  ]
                : []),
            ]}
          >
            <FieldControl field={field} />
          </Form.Item>
        ))}
        <div className="admin-form-actions">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </div>
      </Form>
      {record && config.drawerExtra?.(record)}
    </Drawer>
  );
}

/**
 * A catalogue screen: a searchable, filterable list with server pagination and a drawer to create
 * or edit one record. Subjects, periods, themes, contexts, packages, promo codes and standard
 * tests are all this page with their own columns and fields.
 */
export function CatalogPage<T extends { id: number }>({ config }: { config: CatalogConfig<T> }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const filters = config.filters ?? [];
  const list = useListParams(filters);
  const records = useAdminList<T>(config.resource, list.params);
  const remove = useDeleteRecord(config.resource);
  const { flash, element: flashElement } = useFlash();
  const [editing, setEditing] = useState<{ record?: T } | undefined>();

  const actions: ColumnsType<T>[number] = {
    key: 'actions',
    title: t('common.actions'),
    render: (_, record) => (
      <div className="admin-row-actions">
        <Button size="small" onClick={() => setEditing({ record })}>
          {t('common.edit')}
        </Button>
        {config.rowActions?.(record)}
        {config.canDelete !== false && (
          <Popconfirm
            title={t('common.confirmDelete', { name: config.displayName(record) })}
            okText={t('common.delete')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() =>
              remove.mutateAsync(record.id).then(
                () => flash(t('common.deleted')),
                // A 409 (the record is still in use) comes with the server's explanation.
                (error: unknown) => showApiError(error),
              )
            }
          >
            <Button size="small" danger>
              {t('common.delete')}
            </Button>
          </Popconfirm>
        )}
      </div>
    ),
  };

  const newValues: Record<string, unknown> = { ...config.defaults };
  for (const name of filters) {
    const value = list.numberFilter(name);
    if (value !== undefined) newValues[name] = value;
  }

  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <h1 id="admin-page-title" className="page__title">
        {t(`resources.${config.textKey}.title`)}
      </h1>
      {flashElement}
      <ListToolbar
        search={list.search}
        onSearch={config.hasSearch === false ? undefined : (search) => list.update({ search })}
        action={
          config.canCreate !== false && (
            <Button type="primary" onClick={() => setEditing({})}>
              {t('common.new')}
            </Button>
          )
        }
      >
        {filters.includes('standard_test_id') && (
          <StandardTestSelect
            aria-label={t('common.standardTest')}
            placeholder={t('common.standardTest')}
            allowClear
            value={list.numberFilter('standard_test_id')}
            onChange={(value) => list.update({ standard_test_id: value })}
          />
        )}
        {filters.includes('subject_id') && (
          <SubjectSelect
            aria-label={t('common.subject')}
            allowClear
            value={list.numberFilter('subject_id')}
            onChange={(value) => list.update({ subject_id: value })}
          />
        )}
      </ListToolbar>
      <Table<T>
        rowKey="id"
        columns={[...config.columns, actions]}
        dataSource={records.data?.data}
        loading={records.isFetching}
        scroll={{ x: true }}
        pagination={{
          current: list.page,
          pageSize: PAGE_SIZE,
          total: records.data?.meta.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('common.total', { count: total }),
          onChange: (page) => list.update({ page }),
        }}
      />
      {editing && (
        <RecordDrawer<T>
          config={config}
          record={editing.record}
          initialValues={
            editing.record
              ? config.toValues
                ? config.toValues(editing.record)
                : (editing.record as unknown as Record<string, unknown>)
              : newValues
          }
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            flash(t('common.saved'));
          }}
        />
      )}
    </section>
  );
}
