import type { ReactNode } from 'react';

/** A label above its control and the control's error below, linked for screen readers. */
export function FormField({
  id,
  label,
  error,
  help,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  /** A hint under the control (`${id}-help`; the control names it in its aria-describedby). */
  help?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={error ? 'form-field form-field--error' : 'form-field'}>
      <label htmlFor={id} className="form-field__label">
        {label}
      </label>
      {children}
      {help && (
        <div id={`${id}-help`} className="form-field__help">
          {help}
        </div>
      )}
      {error && (
        <div id={`${id}-error`} className="form-field__error">
          {error}
        </div>
      )}
    </div>
  );
}
