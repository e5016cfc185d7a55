import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { useAdminOptions } from '../api/admin-resource.ts';
import type { Context, StandardTest, Subject, Theme } from '../api/types.ts';
import { ADMIN_NAMESPACE } from '../lib/admin-i18n.ts';

/**
 * Selects over other catalogue records (a subject, its themes, its contexts, a standard test).
 * `value` and `onChange` follow Ant Design's form controls, so they also work inside `Form.Item`.
 */
interface ReferenceSelectProps {
  id?: string;
  value?: number;
  onChange?: (value: number | undefined) => void;
  allowClear?: boolean;
  placeholder?: string;
  status?: 'error';
  'aria-label'?: string;
  className?: string;
}

function selectProps(props: ReferenceSelectProps) {
  return {
    id: props.id,
    value: props.value,
    onChange: (value: number | undefined) => props.onChange?.(value ?? undefined),
    allowClear: props.allowClear,
    placeholder: props.placeholder,
    status: props.status,
    'aria-label': props['aria-label'],
    className: props.className ?? 'admin-select',
    showSearch: { optionFilterProp: 'label' },
  };
}

export function SubjectSelect(props: ReferenceSelectProps & { standardTestId?: number }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const subjects = useAdminOptions<Subject>(
    'subjects',
    props.standardTestId ? { standard_test_id: props.standardTestId } : {},
  );
  return (
    <Select
      {...selectProps(props)}
      placeholder={props.placeholder ?? t('common.chooseSubject')}
      loading={subjects.isPending}
      options={subjects.data?.data.map((subject) => ({ value: subject.id, label: subject.name }))}
    />
  );
}

export function SubjectMultiSelect({
  id,
  value,
  onChange,
  standardTestId,
}: {
  id?: string;
  value?: number[];
  onChange?: (value: number[]) => void;
  standardTestId?: number;
}) {
  const subjects = useAdminOptions<Subject>(
    'subjects',
    standardTestId ? { standard_test_id: standardTestId } : {},
  );
  return (
    <Select
      id={id}
      mode="multiple"
      className="admin-select"
      value={value}
      onChange={onChange}
      loading={subjects.isPending}
      showSearch={{ optionFilterProp: 'label' }}
      options={subjects.data?.data.map((subject) => ({ value: subject.id, label: subject.name }))}
    />
  );
}

export function ThemeSelect(props: ReferenceSelectProps & { subjectId: number | undefined }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const themes = useAdminOptions<Theme>(
    'themes',
    { subject_id: props.subjectId },
    { enabled: props.subjectId !== undefined },
  );
  return (
    <Select
      {...selectProps(props)}
      placeholder={props.placeholder ?? t('common.chooseTheme')}
      disabled={props.subjectId === undefined}
      loading={props.subjectId !== undefined && themes.isPending}
      options={themes.data?.data.map((theme) => ({ value: theme.id, label: theme.name }))}
    />
  );
}

export function ContextSelect(props: ReferenceSelectProps & { subjectId: number | undefined }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const contexts = useAdminOptions<Context>(
    'contexts',
    { subject_id: props.subjectId },
    { enabled: props.subjectId !== undefined },
  );
  return (
    <Select
      {...selectProps(props)}
      placeholder={props.placeholder ?? t('common.none')}
      disabled={props.subjectId === undefined}
      loading={props.subjectId !== undefined && contexts.isPending}
      options={contexts.data?.data.map((context) => ({ value: context.id, label: context.title }))}
    />
  );
}

export function StandardTestSelect(props: ReferenceSelectProps) {
  const tests = useAdminOptions<StandardTest>('standard-tests');
  return (
    <Select
      {...selectProps(props)}
      loading={tests.isPending}
      options={tests.data?.data.map((test) => ({ value: test.id, label: test.name }))}
    />
  );
}
