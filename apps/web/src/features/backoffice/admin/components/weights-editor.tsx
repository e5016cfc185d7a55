import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import InputNumber from 'antd/es/input-number';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpStatus } from '@ensaya/core/api/http';
import { themeWeightsProblem } from '@ensaya/core/content/theme-weights';
import { isApiRequestError, showApiError } from '../../../../lib/api-client.ts';
import { usePeriodWeights, useSavePeriodWeights } from '../api/period-weights.ts';
import type { Period, PeriodThemeWeight } from '../api/types.ts';
import { ADMIN_NAMESPACE } from '../lib/admin-i18n.ts';

/** Mock exams draw questions by these weights: core's rule wants whole percentages adding up to 100. */
export const WEIGHTS_TOTAL = 100;

/**
 * The weights of one exam: every theme, or with elective modules (Ciencias) the common themes plus
 * one elective (the first weighted one; core's rule wants every elective to give the same sum).
 */
export function weightsSum(
  weights: readonly { weight: number | null; is_elective?: boolean }[],
): number {
  const common = weights
    .filter((row) => !row.is_elective)
    .reduce((sum, row) => sum + (row.weight ?? 0), 0);
  const elective = weights.find((row) => row.is_elective && (row.weight ?? 0) > 0);
  return common + (elective?.weight ?? 0);
}

function WeightsForm({
  periodId,
  questionCount,
  initial,
  onSaved,
}: {
  periodId: number;
  questionCount: number;
  initial: PeriodThemeWeight[];
  onSaved: () => void;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const save = useSavePeriodWeights(periodId);
  const [rows, setRows] =
    useState<
      { theme_id: number; theme_name: string; weight: number | null; is_elective: boolean }[]
    >(initial);
  const [error, setError] = useState<string>();
  const sum = weightsSum(rows);

  async function handleSave() {
    const weights = rows.map((row) => ({
      themeId: row.theme_id,
      weight: row.weight ?? Number.NaN,
      isElective: row.is_elective,
    }));
    if (themeWeightsProblem(weights, questionCount)) {
      setError(t('weights.mustBe100', { sum }));
      return;
    }
    setError(undefined);
    try {
      await save.mutateAsync(
        rows.map((row) => ({ theme_id: row.theme_id, weight: row.weight ?? 0 })),
      );
      onSaved();
    } catch (caught) {
      if (isApiRequestError(caught) && caught.status === HttpStatus.unprocessable) {
        setError(caught.fieldError('weights') ?? caught.message);
      } else {
        showApiError(caught);
      }
    }
  }

  if (rows.length === 0) return <p>{t('weights.empty')}</p>;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void handleSave();
      }}
    >
      <p className="page__lead">{t('weights.lead')}</p>
      {error && (
        <Alert type="error" role="alert" title={error} showIcon className="admin-form-alert" />
      )}
      <table className="admin-weights">
        <thead>
          <tr>
            <th scope="col">{t('weights.theme')}</th>
            <th scope="col">{t('weights.weight')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.theme_id}>
              <th scope="row">
                <label htmlFor={`weight-${row.theme_id}`}>
                  {row.is_elective
                    ? t('weights.elective', { name: row.theme_name })
                    : row.theme_name}
                </label>
              </th>
              <td>
                <InputNumber
                  id={`weight-${row.theme_id}`}
                  min={0}
                  max={WEIGHTS_TOTAL}
                  precision={0}
                  value={row.weight}
                  onChange={(value) =>
                    setRows((current) =>
                      current.map((item, i) => (i === index ? { ...item, weight: value } : item)),
                    )
                  }
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p
        className={
          sum === WEIGHTS_TOTAL || sum === questionCount
            ? 'admin-weights__sum'
            : 'admin-weights__sum admin-weights__sum--off'
        }
        aria-live="polite"
      >
        {t('weights.sum', { sum })}
      </p>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('common.save')}
      </Button>
    </form>
  );
}

/** The theme weights of one period, in a drawer over the periods list. */
export function WeightsDrawer({
  period,
  onClose,
  onSaved,
}: {
  period: Period;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const weights = usePeriodWeights(period.id);
  return (
    <Drawer open title={t('weights.title', { name: period.name })} size={480} onClose={onClose}>
      {weights.isPending && <p role="status">{t('common.loading')}</p>}
      {weights.isError && <Alert type="error" title={weights.error.message} />}
      {weights.data && (
        <WeightsForm
          periodId={period.id}
          questionCount={period.question_count}
          initial={weights.data}
          onSaved={onSaved}
        />
      )}
    </Drawer>
  );
}
