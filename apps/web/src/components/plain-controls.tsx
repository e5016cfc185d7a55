import {
  useId,
  useState,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import './plain-controls.css';

// Buttons and text fields without Ant Design, drawn like Ant Design's with the same theme colours
// (app/antd-theme.ts): the screens that load with the app (the login page, its header, the cookie
// bar, the load error) use these, so Ant Design's code and styles stay off the login page's budget.

type PlainButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'default' | 'text' | 'link';
  size?: 'small' | 'middle' | 'large';
  block?: boolean;
  /** A destructive action (cancel a subscription): drawn in red, like Ant Design's `danger`. */
  danger?: boolean;
  /** Shows a spinner and ignores clicks, keeping the button's label for screen readers. */
  loading?: boolean;
};

export function PlainButton({
  variant = 'default',
  size = 'middle',
  block = false,
  danger = false,
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
    danger && 'plain-button--danger',
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

/**
 * An on/off setting that applies at once (Ant Design's Switch): a button with `role="switch"`,
 * operated with Enter or Space, named by `aria-label` or by a `<label htmlFor>` of its `id`. The
 * optional texts show inside the track, as Ant Design's `checkedChildren` do; `loading` keeps it
 * still while the change is being saved.
 */
export function PlainSwitch({
  checked,
  onChange,
  disabled = false,
  loading = false,
  checkedText,
  uncheckedText,
  className,
  ...rest
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onChange' | 'role' | 'type'> & {
  checked: boolean;
  onChange: (checked: boolean) => void;
  loading?: boolean;
  checkedText?: string;
  uncheckedText?: string;
}) {
  const classes = [
    'plain-switch',
    checked && 'plain-switch--on',
    loading && 'plain-switch--loading',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  const text = checked ? checkedText : uncheckedText;
  return (
    <button
      {...rest}
      type="button"
      role="switch"
      aria-checked={checked}
      aria-busy={loading || undefined}
      disabled={disabled || loading}
      className={classes}
      onClick={() => onChange(!checked)}
    >
      <span className="plain-switch__handle" aria-hidden="true">
        {loading && <span className="button-spinner" />}
      </span>
      {text && <span className="plain-switch__text">{text}</span>}
    </button>
  );
}

export type PlainTagColor = 'default' | 'blue' | 'green' | 'gold' | 'orange' | 'red';

/** A short status label (Ant Design's Tag): text on a tinted background, never colour alone. */
export function PlainTag({
  color = 'default',
  children,
}: {
  color?: PlainTagColor;
  children: ReactNode;
}) {
  return <span className={`plain-tag plain-tag--${color}`}>{children}</span>;
}

/**
 * A message in a coloured box (Ant Design's Alert): the kind sets colour and icon, `action` sits on
 * the right (a retry button), `onClose` adds a close button named by `closeLabel`.
 */
export function PlainAlert({
  type,
  role,
  children,
  action,
  onClose,
  closeLabel,
  className,
}: {
  type: 'success' | 'info' | 'warning' | 'error';
  role?: 'alert' | 'status';
  children: ReactNode;
  action?: ReactNode;
  onClose?: () => void;
  closeLabel?: string;
  className?: string;
}) {
  return (
    <div
      className={['plain-alert', `plain-alert--${type}`, className].filter(Boolean).join(' ')}
      role={role}
    >
      <span className="plain-alert__icon" aria-hidden="true">
        {ALERT_ICON[type]}
      </span>
      <div className="plain-alert__message">{children}</div>
      {action && <div className="plain-alert__action">{action}</div>}
      {onClose && (
        <button
          type="button"
          className="plain-alert__close"
          aria-label={closeLabel}
          onClick={onClose}
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  );
}

const ALERT_ICON = { success: '✓', info: 'i', warning: '!', error: '×' } as const;
