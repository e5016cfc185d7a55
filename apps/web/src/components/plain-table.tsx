import './plain-table.css';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainButton } from './plain-controls.tsx';

export interface PlainColumn<Row> {
  key: string;
  title: string;
  render: (row: Row) => ReactNode;
  className?: string;
  align?: 'right';
}

/**
 * A table of records drawn with the browser's own table (no Ant Design): a header row, one row per
 * record, `below` a full-width line under the rows that have one (a payment notice), `empty` when
 * there are none. On a phone (`.plain-table` in plain-table.css) each row becomes a card of label
 * and value pairs, the labels being the columns' titles. A wide table scrolls inside its box.
 */
export function PlainTable<Row>({
  columns,
  rows,
  rowKey,
  empty,
  isLoading = false,
  below,
  className,
}: {
  columns: readonly PlainColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  empty: string;
  isLoading?: boolean;
  below?: (row: Row) => ReactNode;
  className?: string;
}) {
  return (
    <div
      className={['plain-table', isLoading && 'plain-table--loading', className]
        .filter(Boolean)
        .join(' ')}
      aria-busy={isLoading || undefined}
    >
      <table>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={column.align === 'right' ? 'plain-table__right' : undefined}
              >
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const note = below?.(row);
            return (
              <Fragment key={rowKey(row)}>
                <tr className="plain-table__row">
                  {columns.map((column) => (
                    <td
                      key={column.key}
                      data-label={column.title}
                      className={
                        [column.className, column.align === 'right' && 'plain-table__right']
                          .filter(Boolean)
                          .join(' ') || undefined
                      }
                    >
                      {column.render(row)}
                    </td>
                  ))}
                </tr>
                {note && (
                  <tr className="plain-table__below">
                    <td colSpan={columns.length}>{note}</td>
                  </tr>
                )}
              </Fragment>
            );
          })}
          {rows.length === 0 && !isLoading && (
            <tr>
              <td colSpan={columns.length} className="plain-table__empty">
                {empty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Pages of a list read page by page from the server: how many in all, "Previous", "Page 2 of 3"
 * and "Next". Nothing when everything fits on one page.
 */
export function PlainPager({
  page,
  pageSize,
  total,
  totalText,
  onChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  totalText: string;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  return (
    <nav className="plain-pager" aria-label={t('pager.label')}>
      <span className="plain-pager__total">{totalText}</span>
      <PlainButton size="small" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {t('pager.previous')}
      </PlainButton>
      <span className="plain-pager__page" aria-current="page">
        {t('pager.page', { page, pages })}
      </span>
      <PlainButton size="small" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        {t('pager.next')}
      </PlainButton>
    </nav>
  );
}
