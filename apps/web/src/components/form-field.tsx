import type { ReactNode } from 'react';

/** A label above its control and the control's error below, linked for screen readers. */
export function FormField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className={error ? 'form-field form-field--error' : 'form-field'}>
      <label htmlFor={id} className="form-field__label">
        {label}
      </label>
      {children}
      {error && (
        <div id={`${id}-error`} className="form-field__error">
          {error}
        </div>
      )}
    </div>
  );
}
