import type { ColumnsType } from 'antd/es/table';
import type { TdHTMLAttributes } from 'react';

/**
 * Each cell carries its column's title, so that on a narrow screen, where a row is shown as a
 * card of label and value pairs (`.stacked-table` in subscriptions.css), every value keeps its
 * label.
 */
export function withCellLabels<Row>(columns: ColumnsType<Row>): ColumnsType<Row> {
  return columns.map((column) => ({
    ...column,
    onCell: () =>
      ({ 'data-label': String(column.title ?? '') }) as TdHTMLAttributes<HTMLTableCellElement>,
  }));
}
