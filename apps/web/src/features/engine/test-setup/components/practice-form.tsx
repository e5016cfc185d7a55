import Button from 'antd/es/button';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StartUserTestRequest, SubjectSetup } from '@ensaya/core/contracts/engine';
import { SELECTION_MODES, type SelectionMode } from '@ensaya/core/engine/setup';
import type { FieldErrors } from '../../../../lib/api-client.ts';
import { coreMessage } from '../../../../lib/core-message.ts';
import {
  fieldOfServerError,
  INITIAL_PRACTICE_SETUP,
  practiceProblems,
  practiceRequest,
  type PracticeSetup,
  type SetupField,
} from '../lib/practice-setup.ts';
import { TEST_SETUP_NAMESPACE } from '../lib/test-setup-i18n.ts';
import { SetupSwitch } from './setup-switch.tsx';
import { ThemeTable } from './theme-table.tsx';

type Theme = SubjectSetup['themes'][number];

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <div id={id} className="form-field__error setup-error">
      {message}
    </div>
  );
}

/** An input's error state: its message (at `errorId`) described, marked invalid and outlined. */
function invalidProps(error: string | undefined, errorId: string) {
  return {
    'aria-describedby': error ? errorId : undefined,
    'aria-invalid': error ? true : undefined,
    status: error ? ('error' as const) : undefined,
  };
}

/**
 * The practice tab's "Personalizar" form (spec 001, sections 2 and 5): the four ways to choose
 * questions and the four switches, each with one line saying what it does, and the timer. Core's rules check it before it is sent, with the API's messages; the
 * API's own answer (a range without questions, say) shows under the same fields.
 */
export function PracticeForm({
  setup,
  canStart,
  isStarting,
  onStart,
  onCancel,
}: {
  setup: SubjectSetup;
  canStart: boolean;
  isStarting: boolean;
  onStart: (request: StartUserTestRequest) => Promise<FieldErrors | undefined>;
  onCancel: () => void;
}) {
  const { t } = useTranslation(TEST_SETUP_NAMESPACE);
  const [form, setForm] = useState<PracticeSetup>(INITIAL_PRACTICE_SETUP);
  const [hasTriedStart, setHasTriedStart] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<SetupField, string>>>({});
  const [generalError, setGeneralError] = useState<string>();
  const problems = practiceProblems(form);
  const themes = setup.themes.filter((theme) => theme.count > 0);

  function change(next: Partial<PracticeSetup>) {
    setForm((current) => ({ ...current, ...next }));
    setServerErrors({});
    setGeneralError(undefined);
  }

  function errorOf(field: SetupField): string | undefined {
    if (serverErrors[field]) return serverErrors[field];
    return hasTriedStart ? coreMessage(problems[field]) : undefined;
  }

  async function start() {
    setHasTriedStart(true);
    if (Object.keys(problems).length > 0) return;
    const fieldErrors = await onStart(practiceRequest(setup.id, form));
    if (!fieldErrors) return;
    const byField: Partial<Record<SetupField, string>> = {};
    const others: string[] = [];
    for (const [key, messages] of Object.entries(fieldErrors)) {
      const field = fieldOfServerError(key);
      if (field) byField[field] ??= messages[0];
      else others.push(...messages);
    }
    setServerErrors(byField);
    setGeneralError(others[0]);
  }

  const selectedThemes = new Map(form.themes.map((theme) => [theme.themeId, theme.quantity]));
  const isByTheme = form.mode === SELECTION_MODES.byTheme;

  function selectTheme(theme: Theme, isSelected: boolean) {
    const others = form.themes.filter((entry) => entry.themeId !== theme.theme_id);
    const chosen = isSelected
      ? [...others, { themeId: theme.theme_id, quantity: theme.count as number | null }]
      : others;
    // Kept in the table's order.
    const order = themes.map((entry) => entry.theme_id);
    change({
      themes: chosen.sort((a, b) => order.indexOf(a.themeId) - order.indexOf(b.themeId)),
    });
  }

  function setThemeQuantity(themeId: number, quantity: number | null) {
    change({
      themes: form.themes.map((theme) =>
        theme.themeId === themeId ? { ...theme, quantity } : theme,
      ),
    });
  }

  const limitError = errorOf('limit');
  const rangeError = errorOf('from') ?? errorOf('to');
  const themesError = errorOf('themes');
  const timerError = errorOf('timer');

  return (
    <form
      className="setup-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void start();
      }}
    >
      <fieldset className="setup-fieldset">
        <legend>{t('practice.modesLegend')}</legend>
        <Radio.Group
          className="setup-modes"
          value={form.mode}
          onChange={(event) => change({ mode: event.target.value as SelectionMode })}
        >
          <div className="setup-mode">
            <Radio value={SELECTION_MODES.all}>
              {t('practice.modeAll')}{' '}
              <span className="setup-mode__hint">
                {t('practice.bankCount', { count: setup.bank_count })}
              </span>
            </Radio>
            <p className="setup-mode__help">{t('practice.modeAllHelp')}</p>
          </div>

          <div className="setup-mode">
            <Radio value={SELECTION_MODES.count}>{t('practice.modeCount')}</Radio>
            <p className="setup-mode__help">{t('practice.modeCountHelp')}</p>
            <div className="setup-mode__inputs">
              <InputNumber
                aria-label={t('practice.limit')}
                {...invalidProps(limitError, 'setup-limit-error')}
                disabled={form.mode !== SELECTION_MODES.count}
                min={0}
                precision={0}
                value={form.limit}
                placeholder={t('practice.limitPlaceholder', { max: setup.bank_count })}
                onChange={(value) => change({ limit: value })}
              />
            </div>
            <FieldError id="setup-limit-error" message={limitError} />
          </div>

          <div className="setup-mode">
            <Radio value={SELECTION_MODES.range}>{t('practice.modeRange')}</Radio>
            <p className="setup-mode__help">{t('practice.modeRangeHelp')}</p>
            <div className="setup-mode__inputs">
              <InputNumber
                aria-label={t('practice.from')}
                {...invalidProps(rangeError, 'setup-range-error')}
                disabled={form.mode !== SELECTION_MODES.range}
                min={0}
                precision={0}
                prefix={t('practice.fromPrefix')}
                value={form.from}
                onChange={(value) => change({ from: value })}
              />
              <InputNumber
                aria-label={t('practice.to')}
                {...invalidProps(rangeError, 'setup-range-error')}
                disabled={form.mode !== SELECTION_MODES.range}
                min={0}
                precision={0}
                prefix={t('practice.toPrefix')}
                value={form.to}
                onChange={(value) => change({ to: value })}
              />
              <span className="setup-mode__hint">
                {t('practice.rangeHint', { max: setup.max_stem_number })}
              </span>
            </div>
            <FieldError id="setup-range-error" message={rangeError} />
          </div>

          <div className="setup-mode">
            <Radio value={SELECTION_MODES.byTheme}>{t('practice.modeThemes')}</Radio>
            <p className="setup-mode__help">{t('practice.modeThemesHelp')}</p>
            <ThemeTable<Theme>
              caption={t('practice.themesCaption')}
              rows={themes}
              rowKey={(theme) => theme.theme_id}
              describedBy={themesError ? 'setup-themes-error' : undefined}
              columns={[
                {
                  key: 'select',
                  title: <span className="visually-hidden">{t('practice.select')}</span>,
                  isNarrow: true,
                  render: (theme) => (
                    <input
                      type="checkbox"
                      aria-label={t('practice.selectTheme', { theme: theme.name })}
                      disabled={!isByTheme}
                      checked={selectedThemes.has(theme.theme_id)}
                      onChange={(event) => selectTheme(theme, event.target.checked)}
                    />
                  ),
                },
                { key: 'name', title: t('practice.theme'), render: (theme) => theme.name },
                {
                  key: 'count',
                  title: t('practice.questions'),
                  isNarrow: true,
                  render: (theme) => theme.count,
                },
                {
                  key: 'quantity',
                  title: t('practice.quantity'),
                  render: (theme) => (
                    <InputNumber
                      aria-label={t('practice.themeQuantity', { theme: theme.name })}
                      disabled={!isByTheme || !selectedThemes.has(theme.theme_id)}
                      min={1}
                      max={theme.count}
                      precision={0}
                      value={selectedThemes.get(theme.theme_id) ?? null}
                      onChange={(value) => setThemeQuantity(theme.theme_id, value)}
                    />
                  ),
                },
              ]}
            />
            <FieldError id="setup-themes-error" message={themesError} />
          </div>
        </Radio.Group>
      </fieldset>

      <fieldset className="setup-fieldset setup-switches">
        <legend>{t('practice.switchesLegend')}</legend>
        <SetupSwitch
          label={t('practice.randomQuestion')}
          hint={t('practice.randomQuestionHelp')}
          checked={form.randomQuestion}
          onChange={(checked) => change({ randomQuestion: checked })}
        />
        <SetupSwitch
          label={t('practice.studyMode')}
          hint={t('practice.studyModeHelp')}
          checked={form.studyMode}
          onChange={(checked) => change({ studyMode: checked })}
        />
        <SetupSwitch
          label={t('practice.randomAnswer')}
          hint={t('practice.randomAnswerHelp')}
          checked={form.randomAnswer}
          onChange={(checked) => change({ randomAnswer: checked })}
        />
        <SetupSwitch
          label={t('practice.timer')}
          hint={t('practice.timerHelp')}
          checked={form.hasTimer}
          onChange={(checked) => change({ hasTimer: checked })}
        />
        {form.hasTimer && (
          <div className="setup-timer">
            <InputNumber
              aria-label={t('practice.hours')}
              {...invalidProps(timerError, 'setup-timer-error')}
              min={0}
              precision={0}
              suffix={t('practice.hoursSuffix')}
              value={form.hours}
              onChange={(value) => change({ hours: value })}
            />
            <InputNumber
              aria-label={t('practice.minutes')}
              {...invalidProps(timerError, 'setup-timer-error')}
              min={0}
              precision={0}
              suffix={t('practice.minutesSuffix')}
              value={form.minutes}
              onChange={(value) => change({ minutes: value })}
            />
            <FieldError id="setup-timer-error" message={timerError} />
          </div>
        )}
      </fieldset>

      {generalError && (
        <div className="form-alert" role="alert">
          <p>{generalError}</p>
        </div>
      )}

      <div className="form-actions">
        <Button className="form-actions__cancel" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="primary" htmlType="submit" disabled={!canStart} loading={isStarting}>
          {t('practice.start')}
        </Button>
      </div>
    </form>
  );
}
