import Switch from 'antd/es/switch';
import { useId } from 'react';

/**
 * A switch with its label beside it (the label names it for assistive technology too) and, when
 * given, one short line under it saying what it does (its description).
 */
export function SetupSwitch({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onChange?: (checked: boolean) => void;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="setup-switch">
      <div className="setup-switch__row">
        <Switch
          id={id}
          checked={checked}
          disabled={disabled}
          onChange={onChange}
          aria-describedby={hint ? hintId : undefined}
        />
        <label htmlFor={id} className="setup-switch__label">
          {label}
        </label>
      </div>
      {hint && (
        <p id={hintId} className="setup-switch__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
