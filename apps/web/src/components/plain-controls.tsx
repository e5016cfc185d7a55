import { useId, useState, type ButtonHTMLAttributes, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import './plain-controls.css';

// Buttons and text fields without Ant Design, drawn like Ant Design's with the same theme colours
// (app/antd-theme.ts): the screens that load with the app (the login page, its header, the cookie
// bar, the load error) use these, so Ant Design's code and styles stay off the login page's budget.

type PlainButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'default' | 'text' | 'link';
  size?: 'small' | 'middle' | 'large';
  block?: boolean;
  /** Shows a spinner and ignores clicks, keeping the button's label for screen readers. */
  loading?: boolean;
};

export function PlainButton({
  variant = 'default',
  size = 'middle',
  block = false,
  loading = false,
  type = 'button',
  className,
  children,
  onClick,
  ...rest
}: PlainButtonProps) {
  const classes = [
    'plain-button',
    `plain-button--${variant}`,
    size !== 'middle' && `plain-button--${size}`,
    block && 'plain-button--block',
    loading && 'plain-button--loading',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      aria-busy={loading || undefined}
      onClick={loading ? (event) => event.preventDefault() : onClick}
    >
      {loading && <span className="button-spinner" aria-hidden="true" />}
      <span>{children}</span>
    </button>
  );
}

type PlainInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & {
  size?: 'middle' | 'large';
  status?: 'error';
};

function inputClass({ size, status }: Pick<PlainInputProps, 'size' | 'status'>, extra?: string) {
  return [
    'plain-input',
    size === 'large' && 'plain-input--large',
    status === 'error' && 'plain-input--error',
    extra,
  ]
    .filter(Boolean)
    .join(' ');
}

export function PlainInput({ size = 'middle', status, className, ...rest }: PlainInputProps) {
  return <input type="text" {...rest} className={inputClass({ size, status }, className)} />;
}

/** A password field with a button that shows or hides what was typed. */
export function PlainPassword({ size = 'middle', status, className, ...rest }: PlainInputProps) {
  const { t } = useTranslation();
  const [isVisible, setIsVisible] = useState(false);
  return (
    <span className={inputClass({ size, status }, 'plain-input--affixed')}>
      <input {...rest} type={isVisible ? 'text' : 'password'} className={className} />
      <button
        type="button"
        className="plain-input__toggle"
        aria-label={t('form.showPassword')}
        aria-pressed={isVisible}
        onClick={() => setIsVisible((visible) => !visible)}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          />
          <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
          {!isVisible && <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.8" />}
        </svg>
      </button>
    </span>
  );
}

/**
 * One choice among a few, shown side by side like Ant Design's Segmented: native radio buttons
 * (arrow keys move the choice, the group is one tab stop) in a group named by `label`. The
 * options wrap on a narrow screen.
 */
export function PlainSegmented<Value extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: Value;
  options: ReadonlyArray<{ value: Value; label: string }>;
  onChange: (value: Value) => void;
}) {
  const name = useId();
  return (
    <div className="plain-segmented" role="radiogroup" aria-label={label}>
      {options.map((option) => (
        <label
          key={option.value}
          className={
            option.value === value
              ? 'plain-segmented__item plain-segmented__item--selected'
              : 'plain-segmented__item'
          }
        >
          <input
            type="radio"
            className="plain-segmented__input"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </div>
  );
}
