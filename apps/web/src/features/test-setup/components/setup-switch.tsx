import Switch from 'antd/es/switch';
import { useId } from 'react';

/** A switch with its label beside it (the label names it for assistive technology too). */
export function SetupSwitch({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange?: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="setup-switch">
      <Switch id={id} checked={checked} disabled={disabled} onChange={onChange} />
      <label htmlFor={id} className="setup-switch__label">
        {label}
      </label>
    </div>
  );
}
