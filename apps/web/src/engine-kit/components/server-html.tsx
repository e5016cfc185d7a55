import 'katex/dist/katex.min.css';
import './figures.css';
import { memo, useLayoutEffect, useRef } from 'react';

/** The class of every element holding the bank's HTML: figures.css styles its tables by it. */
export function serverHtmlClass(className: string | undefined): string {
  return className ? `server-html ${className}` : 'server-html';
}

/**
 * Question HTML as the API rendered and sanitized it (KaTeX output included). Links in statements
 * and solutions open in a new tab (spec 001, section 2), so following one never leaves the test. A
 * table that scrolls sideways (figures.css) takes the keyboard's focus, so it can be scrolled
 * without a pointer.
 */
export const ServerHtml = memo(function ServerHtml({
  html,
  className,
  as: Tag = 'div',
}: {
  html: string;
  className?: string;
  as?: 'div' | 'span';
}) {
  const ref = useRef<HTMLDivElement & HTMLSpanElement>(null);
  useLayoutEffect(() => {
    for (const link of ref.current?.querySelectorAll('a[href]') ?? []) {
      link.setAttribute('target', '_blank');
      link.setAttribute('rel', 'noopener noreferrer');
    }
    // A table wider than the text scrolls on its own (figures.css): the keyboard reaches it too.
    for (const table of ref.current?.querySelectorAll('table') ?? []) {
      if (table.scrollWidth > table.clientWidth) table.tabIndex = 0;
    }
  }, [html]);
  return (
    <Tag
      ref={ref}
      className={serverHtmlClass(className)}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
});
