import Button from 'antd/es/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APPROVAL_RULES } from '@ensaya/core/engine/scoring';
import type {
  Context,
  Package,
  Period,
  PromoCode,
  StandardTest,
  Subject,
  Theme,
} from '../api/types.ts';
import { CatalogPage, type CatalogConfig } from '../components/catalog-page.tsx';
import { useFlash } from '../components/flash-message.tsx';
import { ServerHtml } from '../components/server-html.tsx';
import { WeightsDrawer } from '../components/weights-editor.tsx';
import { ADMIN_NAMESPACE } from '../lib/admin-i18n.ts';
import { formatClp } from '../../../../lib/format.ts';

// The catalogue screens: each is the generic list-and-drawer page with its columns and fields.
// Column titles are translated when rendered, so the configurations take `t`.

type T = (key: string) => string;

const yesNo = (t: T) => (value: boolean) => (value ? t('common.yes') : t('common.no'));

export function StandardTestsPage() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const config: CatalogConfig<StandardTest> = {
    resource: 'standard-tests',
    textKey: 'standardTests',
    canCreate: false,
    canDelete: false,
    displayName: (test) => test.name,
    columns: [
      { key: 'id', dataIndex: 'id', title: t('fields.id') },
      { key: 'code', dataIndex: 'code', title: t('fields.code') },
      { key: 'name', dataIndex: 'name', title: t('fields.name') },
      { key: 'max', dataIndex: 'max_subjects', title: t('fields.maxSubjects') },
    ],
    fields: [
      { name: 'name', label: 'fields.name', kind: 'text', isRequired: true },
      {
        name: 'max_subjects',
        label: 'fields.maxSubjects',
        kind: 'number',
        isRequired: true,
        min: 1,
      },
    ],
    toBody: ({ name, max_subjects }) => ({ name, max_subjects }),
  };
  return <CatalogPage config={config} />;
}

export function SubjectsPage() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const config: CatalogConfig<Subject> = {
    resource: 'subjects',
    textKey: 'subjects',
    filters: ['standard_test_id'],
    displayName: (subject) => subject.name,
    defaults: { position: 0, approval_grade: 0, approval_rule: 'pass_mark' },
    columns: [
      { key: 'id', dataIndex: 'id', title: t('fields.id') },
      { key: 'name', dataIndex: 'name', title: t('fields.name') },
      { key: 'approval', dataIndex: 'approval_grade', title: t('fields.approvalGrade') },
      {
        key: 'rule',
        dataIndex: 'approval_rule',
        title: t('fields.approvalRule'),
        render: (rule: string) => t(`approvalRules.${rule}`),
      },
      { key: 'position', dataIndex: 'position', title: t('fields.position') },
    ],
    fields: [
      {
        name: 'standard_test_id',
        label: 'common.standardTest',
        kind: 'standard-test',
        isRequired: true,
        isCreateOnly: true,
      },
      { name: 'name', label: 'fields.name', kind: 'text', isRequired: true, maxLength: 200 },
      { name: 'description', label: 'fields.description', kind: 'textarea', maxLength: 2000 },
      {
        name: 'description_en',
        label: 'fields.descriptionEn',
        kind: 'textarea',
        maxLength: 2000,
        hint: 'fields.englishHint',
      },
      {
        name: 'approval_grade',
        label: 'fields.approvalGrade',
        kind: 'number',
        isRequired: true,
        min: 0,
      },
      {
        name: 'approval_rule',
        label: 'fields.approvalRule',
        kind: 'select',
        isRequired: true,
        options: APPROVAL_RULES.map((rule) => ({ value: rule, label: `approvalRules.${rule}` })),
      },
      { name: 'position', label: 'fields.position', kind: 'number', min: 0 },
    ],
  };
  return <CatalogPage config={config} />;
}

export function PeriodsPage() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const [weightsFor, setWeightsFor] = useState<Period>();
  const { flash, element: flashElement } = useFlash();
  const config: CatalogConfig<Period> = {
    resource: 'periods',
    textKey: 'periods',
    filters: ['subject_id'],
    displayName: (period) => period.name,
    defaults: { is_current: false },
    columns: [
      { key: 'id', dataIndex: 'id', title: t('fields.id') },
      { key: 'name', dataIndex: 'name', title: t('fields.name') },
      { key: 'duration', dataIndex: 'test_duration', title: t('fields.testDuration') },
      { key: 'count', dataIndex: 'question_count', title: t('fields.questionCount') },
      { key: 'current', dataIndex: 'is_current', title: t('fields.isCurrent'), render: yesNo(t) },
    ],
    fields: [
      {
        name: 'subject_id',
        label: 'common.subject',
        kind: 'subject',
        isRequired: true,
        isCreateOnly: true,
      },
      { name: 'name', label: 'fields.name', kind: 'text', isRequired: true },
      {
        name: 'test_duration',
        label: 'fields.testDuration',
        kind: 'number',
        isRequired: true,
        min: 1,
      },
      {
        name: 'question_count',
        label: 'fields.questionCount',
        kind: 'number',
        isRequired: true,
        min: 1,
      },
      { name: 'is_current', label: 'fields.isCurrent', kind: 'switch' },
    ],
    rowActions: (period) => (
      <Button size="small" onClick={() => setWeightsFor(period)}>
        {t('weights.button')}
      </Button>
    ),
  };
  return (
    <>
      {flashElement}
      <CatalogPage config={config} />
      {weightsFor && (
        <WeightsDrawer
          period={weightsFor}
          onClose={() => setWeightsFor(undefined)}
          onSaved={() => {
            setWeightsFor(undefined);
            flash(t('common.saved'));
          }}
        />
      )}
    </>
  );
}

export function ThemesPage() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const config: CatalogConfig<Theme> = {
    resource: 'themes',
    textKey: 'themes',
    filters: ['subject_id'],
    displayName: (theme) => theme.name,
    defaults: { position: 0, is_elective: false },
    columns: [
      { key: 'id', dataIndex: 'id', title: t('fields.id') },
      { key: 'name', dataIndex: 'name', title: t('fields.name') },
      { key: 'position', dataIndex: 'position', title: t('fields.position') },
      {
        key: 'elective',
        dataIndex: 'is_elective',
        title: t('fields.isElective'),
        render: yesNo(t),
      },
      { key: 'questions', dataIndex: 'question_count', title: t('fields.questionCount') },
    ],
    fields: [
      {
        name: 'subject_id',
        label: 'common.subject',
        kind: 'subject',
        isRequired: true,
        isCreateOnly: true,
      },
      { name: 'name', label: 'fields.name', kind: 'text', isRequired: true },
      { name: 'position', label: 'fields.position', kind: 'number', min: 0 },
      { name: 'is_elective', label: 'fields.isElective', kind: 'switch' },
    ],
  };
  return <CatalogPage config={config} />;
}

export function ContextsPage() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const config: CatalogConfig<Context> = {
    resource: 'contexts',
    textKey: 'contexts',
    filters: ['subject_id'],
    displayName: (context) => context.title,
    columns: [
      { key: 'id', dataIndex: 'id', title: t('fields.id') },
      { key: 'title', dataIndex: 'title', title: t('fields.title') },
    ],
    fields: [
      {
        name: 'subject_id',
        label: 'common.subject',
        kind: 'subject',
        isRequired: true,
        isCreateOnly: true,
      },
      { name: 'title', label: 'fields.title', kind: 'text', isRequired: true },
      { name: 'body', label: 'fields.body', kind: 'textarea', isRequired: true },
    ],
    toBody: ({ subject_id, title, body }) => ({ subject_id, title, body }),
    drawerExtra: (context) => (
      <section className="admin-preview" aria-label={t('fields.bodyHtml')}>
        <h2 className="admin-preview__title">{t('fields.bodyHtml')}</h2>
        <ServerHtml className="admin-preview__body" html={context.body_html} />
      </section>
    ),
  };
  return <CatalogPage config={config} />;
}

export function PackagesPage() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const config: CatalogConfig<Package> = {
    resource: 'packages',
    textKey: 'packages',
    filters: ['standard_test_id'],
    displayName: (item) => item.name,
    defaults: { is_active: true, subject_ids: [], trial_period_days: 0, position: 0 },
    columns: [
      { key: 'id', dataIndex: 'id', title: t('fields.id') },
      { key: 'name', dataIndex: 'name', title: t('fields.name') },
      { key: 'days', dataIndex: 'duration_days', title: t('fields.durationDays') },
      {
        key: 'price',
        dataIndex: 'price_clp',
        title: t('fields.priceClp'),
        render: (price: number) => formatClp(price),
      },
      { key: 'trial', dataIndex: 'trial_period_days', title: t('fields.trialPeriodDays') },
      { key: 'active', dataIndex: 'is_active', title: t('fields.isActive'), render: yesNo(t) },
    ],
    fields: [
      {
        name: 'standard_test_id',
        label: 'common.standardTest',
        kind: 'standard-test',
        isRequired: true,
        isCreateOnly: true,
      },
      { name: 'name', label: 'fields.name', kind: 'text', isRequired: true, maxLength: 200 },
      { name: 'description', label: 'fields.description', kind: 'textarea', maxLength: 2000 },
      {
        name: 'name_en',
        label: 'fields.nameEn',
        kind: 'text',
        maxLength: 200,
        hint: 'fields.englishHint',
      },
      {
        name: 'description_en',
        label: 'fields.descriptionEn',
        kind: 'textarea',
        maxLength: 2000,
        hint: 'fields.englishHint',
      },
      {
        name: 'duration_days',
        label: 'fields.durationDays',
        kind: 'number',
        isRequired: true,
        min: 1,
      },
      { name: 'price_clp', label: 'fields.priceClp', kind: 'number', isRequired: true, min: 0 },
      {
        name: 'subjects_quantity',
        label: 'fields.subjectsQuantity',
        kind: 'number',
        isRequired: true,
        min: 1,
      },
      { name: 'trial_period_days', label: 'fields.trialPeriodDays', kind: 'number', min: 0 },
      { name: 'subject_ids', label: 'fields.subjects', kind: 'subjects', isRequired: true },
      { name: 'position', label: 'fields.position', kind: 'number', min: 0 },
      { name: 'is_active', label: 'fields.isActive', kind: 'switch' },
    ],
  };
  return <CatalogPage config={config} />;
}

const dateOnly = (value: unknown) => (typeof value === 'string' ? value.slice(0, 10) : undefined);

/** A date input's day as the API's date-time: the start of that day where the admin is. */
function startOfDay(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  return new Date(`${value}T00:00:00`).toISOString();
}

export function PromoCodesPage() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const config: CatalogConfig<PromoCode> = {
    resource: 'promo-codes',
    textKey: 'promoCodes',
    displayName: (code) => code.code,
    defaults: { type: 'percent', is_active: true },
    columns: [
      { key: 'code', dataIndex: 'code', title: t('fields.code') },
      {
        key: 'value',
        title: t('fields.value'),
        render: (_, code) => (code.type === 'percent' ? `${code.value} %` : formatClp(code.value)),
      },
      { key: 'from', dataIndex: 'valid_from', title: t('fields.validFrom'), render: dateOnly },
      { key: 'until', dataIndex: 'valid_until', title: t('fields.validUntil'), render: dateOnly },
      {
        key: 'uses',
        title: t('fields.usedCount'),
        render: (_, code) =>
          `${code.used_count}${code.max_uses === null ? '' : ` / ${code.max_uses}`}`,
      },
      { key: 'active', dataIndex: 'is_active', title: t('fields.isActive'), render: yesNo(t) },
    ],
    fields: [
      { name: 'code', label: 'fields.code', kind: 'text', isRequired: true },
      {
        name: 'type',
        label: 'fields.type',
        kind: 'select',
        isRequired: true,
        options: [
          { value: 'percent', label: 'fields.percent' },
          { value: 'amount', label: 'fields.amount' },
        ],
      },
      { name: 'value', label: 'fields.value', kind: 'number', isRequired: true, min: 0 },
      { name: 'valid_from', label: 'fields.validFrom', kind: 'date' },
      { name: 'valid_until', label: 'fields.validUntil', kind: 'date' },
      { name: 'max_uses', label: 'fields.maxUses', kind: 'number', min: 1 },
      { name: 'is_active', label: 'fields.isActive', kind: 'switch' },
    ],
    toValues: (code) => ({
      ...code,
      valid_from: dateOnly(code.valid_from),
      valid_until: dateOnly(code.valid_until),
    }),
    toBody: ({ valid_from, valid_until, max_uses, ...rest }) => ({
      ...rest,
      valid_from: startOfDay(valid_from),
      valid_until: startOfDay(valid_until) ?? null,
      max_uses: max_uses ?? null,
    }),
  };
  return <CatalogPage config={config} />;
}
