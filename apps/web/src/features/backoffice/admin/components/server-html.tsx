import 'katex/dist/katex.min.css';
import '../../../../engine-kit/components/figures.css';

/**
 * HTML the API rendered and sanitized (KaTeX output through the server's allow-list: the
 * `*_html` fields and the preview endpoint). Never pass it anything typed in the browser.
 */
export function ServerHtml({
  html,
  className,
  as: Tag = 'div',
}: {
  html: string;
  className?: string;
  as?: 'div' | 'span';
}) {
  return (
    <Tag
      className={className ? `server-html ${className}` : 'server-html'}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
