import type { ReactNode } from 'react';

export interface ThemeTableColumn<Row> {
  key: string;
  title: ReactNode;
  render: (row: Row) => ReactNode;
  /** Numbers and check boxes are centred. */
  isNarrow?: boolean;
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
