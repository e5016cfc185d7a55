import Tag from 'antd/es/tag';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ItemAnalysisRow } from '../api/item-analysis.ts';
import { ADMIN_NAMESPACE } from '../lib/admin-i18n.ts';

/** Options are named by their position in the bank: A, B, C... */
export const optionLetter = (position: number) => String.fromCharCode(64 + position);

/** A share 0..1 as a percentage ("50 %", "12,5 %"); a dash without answers. */
export function formatShare(share: number | null, language: string) {
  if (share === null) return '–';
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(share * 100)} %`;
}

/** A correlation with two decimals ("0,76", "−0,12"); a dash when undefined. */
export function formatDiscrimination(value: number | null, language: string) {
  if (value === null) return '–';
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
}

/**
 * A mean answer time in whole seconds: "1 min 25 s", "45 s"; a dash without timed answers. The
 * time is approximate (see `itemAnalysis.averageTimeHelp`).
 */
export function AverageTime({ seconds }: { seconds: number | null }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  if (seconds === null) return <>–</>;
  const total = Math.round(seconds);
  const minutes = Math.floor(total / 60);
  return (
    <span className="item-analysis__time">
      {minutes > 0
        ? t('itemAnalysis.minutesSeconds', { minutes, seconds: total % 60 })
        : t('itemAnalysis.seconds', { seconds: total })}
    </span>
  );
}

/** The flags of a question as tags, each with its explanation as a tooltip. */
export function ItemFlags({ flags }: { flags: ItemAnalysisRow['flags'] }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  if (flags.length === 0)
    return <span className="item-analysis__ok">{t('itemAnalysis.noFlags')}</span>;
  return (
    <span className="item-analysis__flags">
      {flags.map((flag) => (
        <Tag key={flag} color="orange" title={t(`itemAnalysis.flagHelp.${flag}`)}>
          {t(`itemAnalysis.flag.${flag}`)}
        </Tag>
      ))}
    </span>
  );
}

/**
 * How often each option was chosen: one bar per option (the key in green), its letter and share.
 * `compact` is the list's small version; the detail shows each option's text beside its bar.
 */
export function OptionShares({
  row,
  compact = false,
  bodies,
}: {
  row: ItemAnalysisRow;
  compact?: boolean;
  bodies?: Map<number, ReactNode>;
}) {
  const { t, i18n } = useTranslation(ADMIN_NAMESPACE);
  const unanswered = row.attempts > 0 ? row.unanswered / row.attempts : null;
  const bars = [
    ...row.choices.map((choice) => ({
      key: String(choice.choice_id),
      label: optionLetter(choice.position),
      share: choice.share,
      count: choice.chosen,
      isKey: choice.is_correct,
      body: bodies?.get(choice.choice_id),
    })),
    {
      key: 'none',
      label: compact ? '–' : t('itemAnalysis.unanswered'),
      share: unanswered,
      count: row.unanswered,
      isKey: false,
      body: undefined,
    },
  ];
  return (
    <ul
      className={`option-shares${compact ? ' option-shares--compact' : ''}`}
      aria-label={t('itemAnalysis.optionsLabel')}
    >
      {bars.map((bar) => (
        <li
          key={bar.key}
          className={`option-shares__row${bar.isKey ? ' option-shares__row--key' : ''}`}
        >
          <span className="option-shares__label">
            {bar.label}
            {bar.isKey && <span className="visually-hidden"> ({t('itemAnalysis.key')})</span>}
            {bar.isKey && !compact && (
              <span aria-hidden="true" className="option-shares__key">
                {' '}
                ✓
              </span>
            )}
          </span>
          {bar.body !== undefined && <span className="option-shares__body">{bar.body}</span>}
          <span className="option-shares__track" aria-hidden="true">
            <span
              className="option-shares__bar"
              style={{ width: `${Math.round((bar.share ?? 0) * 100)}%` }}
            />
          </span>
          <span className="option-shares__value">
            {formatShare(bar.share, i18n.language)}
            {!compact && <span className="option-shares__count"> ({bar.count})</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}
