import type { SelectHTMLAttributes } from 'react';
import './plain-select.css';

// A native <select> drawn like Ant Design's Select and the plain fields beside it
// (components/plain-controls.tsx), for the screens written without Ant Design. On a phone the
// system's own picker opens, which suits a long list (Chile's communes) better than a dropdown.

type PlainSelectProps = Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'size' | 'value' | 'defaultValue' | 'onChange' | 'multiple' | 'children'
> & {
  /** The chosen option's value; '' when none is chosen yet (the placeholder shows). */
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** Shown while nothing is chosen; not a choice the student can pick back. */
  placeholder?: string;
  /** The options are loading: a spinner instead of the arrow, and `aria-busy`. */
  loading?: boolean;
  status?: 'error';
  size?: 'middle' | 'large';
  onChange: (value: string) => void;
};

export function PlainSelect({
  value,
  options,
  placeholder,
  loading = false,
  status,
  size = 'middle',
  className,
  onChange,
  ...rest
}: PlainSelectProps) {
  const isEmpty = value === '';
  const classes = [
    'plain-select',
    size === 'large' && 'plain-select--large',
    status === 'error' && 'plain-select--error',
    isEmpty && 'plain-select--empty',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  // A value whose option has not loaded yet (a saved commune while its list is read) stays
  // selected rather than falling back to the first option.
  const isValueListed = isEmpty || options.some((option) => option.value === value);
  return (
    <span className={classes}>
      <select
        {...rest}
        value={value}
        aria-busy={loading || undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {(isEmpty || placeholder !== undefined) && (
          <option value="" disabled hidden={!isEmpty}>
            {placeholder ?? ''}
          </option>
        )}
        {!isValueListed && <option value={value} hidden />}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <span className="plain-select__suffix" aria-hidden="true">
        {loading ? (
          <span className="button-spinner" />
        ) : (
          <svg viewBox="0 0 1024 1024" width="12" height="12" focusable="false">
            {/* Ant Design's DownOutlined. */}
            <path
              fill="currentColor"
              d="M884 256h-75c-5.1 0-9.9 2.5-12.9 6.6L512 654.2 227.9 262.6c-3-4.1-7.8-6.6-12.9-6.6h-75c-6.5 0-10.3 7.4-6.5 12.7l352.6 486.1c12.8 17.6 39 17.6 51.7 0l352.6-486.1c3.9-5.3.1-12.7-6.4-12.7z"
            />
          </svg>
        )}
      </span>
    </span>
  );
}
