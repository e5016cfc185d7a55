import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import InputNumber from 'antd/es/input-number';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpStatus } from '@ensaya/core/api/http';
import { FormField } from '../../../../components/form-field.tsx';
import { isApiRequestError, showApiError } from '../../../../lib/api-client.ts';
import { useSaveSubjectGrades, useSubjectGrades } from '../api/subject-grades.ts';
import type { GradeRow } from '../api/types.ts';
import { useFlash } from '../components/flash-message.tsx';
import { SubjectSelect } from '../components/reference-selects.tsx';
import { ADMIN_NAMESPACE } from '../lib/admin-i18n.ts';

type EditableRow = { key: number; good_answers_quantity: number | null; grade: number | null };

let nextRowKey = 1;

function GradesEditor({ subjectId, initial }: { subjectId: number; initial: GradeRow[] }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const save = useSaveSubjectGrades(subjectId);
  const { flash, element: flashElement } = useFlash();
  const [rows, setRows] = useState<EditableRow[]>(() =>
    [...initial]
      .sort((a, b) => a.good_answers_quantity - b.good_answers_quantity)
      .map((row) => ({ key: nextRowKey++, ...row })),
  );
  const [error, setError] = useState<string>();

  const update = (index: number, change: Partial<EditableRow>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...change } : row)));

  function addRow() {
    const last = rows.at(-1);
    setRows([
      ...rows,
      {
        key: nextRowKey++,
        good_answers_quantity:
          last?.good_answers_quantity == null ? 0 : last.good_answers_quantity + 1,
        grade: null,
      },
    ]);
  }

  async function handleSave() {
    if (rows.some((row) => row.good_answers_quantity === null || row.grade === null)) {
      setError(t('grades.incomplete'));
      return;
    }
    const seen = new Set<number>();
    for (const row of rows) {
      if (seen.has(row.good_answers_quantity!)) {
        setError(t('grades.duplicate', { n: row.good_answers_quantity }));
        return;
      }
      seen.add(row.good_answers_quantity!);
    }
    setError(undefined);
    try {
      await save.mutateAsync(
        rows.map((row) => ({
          good_answers_quantity: row.good_answers_quantity!,
          grade: row.grade!,
        })),
      );
      flash(t('common.saved'));
    } catch (caught) {
      if (isApiRequestError(caught) && caught.status === HttpStatus.unprocessable) {
        setError(Object.values(caught.fieldErrors).flat().join(' ') || caught.message);
      } else {
        showApiError(caught);
      }
    }
  }

  return (
    <div>
      {flashElement}
      {error && (
        <Alert type="error" role="alert" showIcon title={error} className="admin-form-alert" />
      )}
      {rows.length === 0 && <p>{t('grades.empty')}</p>}
      <table className="admin-grid-table">
        <thead>
          <tr>
            <th scope="col">{t('grades.goodAnswers')}</th>
            <th scope="col">{t('grades.grade')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('common.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.key}>
              <td>
                <InputNumber
                  aria-label={`${t('grades.goodAnswers')} ${index + 1}`}
                  min={0}
                  precision={0}
                  value={row.good_answers_quantity}
                  onChange={(value) => update(index, { good_answers_quantity: value })}
                />
              </td>
              <td>
                <InputNumber
                  aria-label={`${t('grades.grade')} ${index + 1}`}
                  min={0}
                  value={row.grade}
                  onChange={(value) => update(index, { grade: value })}
                />
              </td>
              <td>
                <Button
                  size="small"
                  danger
                  aria-label={t('grades.removeRow', { n: index + 1 })}
                  onClick={() => setRows(rows.filter((_, i) => i !== index))}
                >
                  ×
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="admin-form-actions">
        <Button onClick={addRow}>{t('grades.addRow')}</Button>
        <Button type="primary" loading={save.isPending} onClick={() => void handleSave()}>
          {t('common.save')}
        </Button>
      </div>
    </div>
  );
}

/** `/admin/grades`: a subject's grade table (correct answers to grade); saving replaces it. */
export function GradeTablesPage() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const [subjectId, setSubjectId] = useState<number>();
  const grades = useSubjectGrades(subjectId);
  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <h1 id="admin-page-title" className="page__title">
        {t('grades.title')}
      </h1>
      <p className="page__lead">{t('grades.lead')}</p>
      <FormField id="grades-subject" label={t('common.subject')}>
        <SubjectSelect id="grades-subject" value={subjectId} onChange={setSubjectId} />
      </FormField>
      {subjectId !== undefined && grades.isPending && <p role="status">{t('common.loading')}</p>}
      {grades.isError && <Alert type="error" title={grades.error.message} />}
      {subjectId !== undefined && grades.data && (
        <GradesEditor key={subjectId} subjectId={subjectId} initial={grades.data} />
      )}
    </section>
  );
}
