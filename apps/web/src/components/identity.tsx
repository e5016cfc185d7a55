import './identity.css';
import { Fragment } from 'react';

/**
 * An e-mail address or a tax id as text: it never breaks inside a word. An address may wrap only
 * before its `@`; a part wider than the line ends in an ellipsis, and the whole value is the
 * element's title (and what a screen reader reads).
 */
export function Identity({ value, className }: { value: string; className?: string }) {
  const at = value.indexOf('@');
  const parts = at > 0 ? [value.slice(0, at), value.slice(at)] : [value];
  return (
    <span className={className ? `identity ${className}` : 'identity'} title={value}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          <span className="identity__part">{part}</span>
        </Fragment>
      ))}
    </span>
  );
}
