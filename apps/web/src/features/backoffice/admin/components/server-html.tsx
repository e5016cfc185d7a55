import 'katex/dist/katex.min.css';
import '../../../../engine-kit/components/figures.css';
import { serverHtmlClass } from '../../../../engine-kit/components/server-html.tsx';

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
  return <Tag className={serverHtmlClass(className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
