import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';

export interface ThemeTableColumn<Row> {
  key: string;
  title: ReactNode;
  render: (row: Row) => ReactNode;
  /** Numbers and check boxes are centred. */
  isNarrow?: boolean;
}

/**
 * The first two columns of a table whose themes are all in the test and cannot be changed (mock
 * exam, historical retake): a checked, disabled box and the theme's name.
 */
export function fixedThemeColumns<Row extends { name: string }>(
  t: TFunction,
): ThemeTableColumn<Row>[] {
  return [
    {
      key: 'select',
      title: <span className="visually-hidden">{t('practice.select')}</span>,
      isNarrow: true,
      render: (theme) => (
        <input
          type="checkbox"
          checked
          disabled
          aria-label={t('practice.selectTheme', { theme: theme.name })}
        />
      ),
    },
    { key: 'name', title: t('practice.theme'), render: (theme) => theme.name },
  ];
}

/**
 * The setup screens' tables of themes (a handful of rows each): plain table markup, which keeps
 * these pages light and their rows readable by assistive technology.
 */
export function ThemeTable<Row>({
  caption,
  rows,
  rowKey,
  columns,
  describedBy,
}: {
  caption: string;
  rows: readonly Row[];
  rowKey: (row: Row) => number;
  columns: ReadonlyArray<ThemeTableColumn<Row>>;
  describedBy?: string;
}) {
  return (
    <div className="setup-table">
      <table aria-describedby={describedBy}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={column.isNarrow ? 'setup-table__narrow' : undefined}
              >
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td
                  key={column.key}
                  className={column.isNarrow ? 'setup-table__narrow' : undefined}
                >
                  {column.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
