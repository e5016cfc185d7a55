import type { Plugin } from 'vite';

const STYLESHEET = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;

/**
 * Puts the built page's stylesheet links before its first script. Vite writes the entry's
 * `<script>` first; over HTTP/1.1's six connections the render-blocking stylesheet then queues
 * behind the script, the runtime and a signed-in page's preloaded reads, and the HTML's own
 * header paints only once they are in. Asked for first, the stylesheet arrives first and the
 * header paints while the scripts still download (docs/benchmarks.md, "Stylesheet first, fewer fonts").
 */
export function stylesFirst(): Plugin {
  return {
    name: 'ensaya-styles-first',
    apply: 'build',
    transformIndexHtml: {
      // After Vite has written the entry's tags into the head.
      order: 'post',
      handler(html) {
        return moveStylesheetsFirst(html);
      },
    },
  };
}

export function moveStylesheetsFirst(html: string): string {
  const head = html.indexOf('</head>');
  const script = html.search(/[ \t]*<script[\s>]/);
  if (head < 0 || script < 0 || script > head) return html;
  const links = html.slice(script, head).match(STYLESHEET) ?? [];
  if (links.length === 0) return html;
  const rest = html.slice(script, head).replace(STYLESHEET, '');
  return `${html.slice(0, script)}${links.join('')}${rest}${html.slice(head)}`;
}
