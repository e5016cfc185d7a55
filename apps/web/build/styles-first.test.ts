import { describe, expect, it } from 'vitest';
import { moveStylesheetsFirst } from './styles-first.ts';

const HEAD_AS_VITE_WRITES_IT = `<!doctype html>
<html lang="es">
  <head>
    <title>Ensaya</title>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-b.js">
    <link rel="stylesheet" crossorigin href="/assets/index-c.css">
  </head>
  <body><script>/* not the head's */</script></body>
</html>`;

describe('moveStylesheetsFirst', () => {
  it('puts the stylesheet before the first script of the head, keeping every tag once', () => {
    const html = moveStylesheetsFirst(HEAD_AS_VITE_WRITES_IT);
    const order = [...html.matchAll(/<(script|link rel="(?:modulepreload|stylesheet)")/g)].map(
      (match) => match[1],
    );
    expect(order).toEqual([
      'link rel="stylesheet"',
      'script',
      'link rel="modulepreload"',
      'script',
    ]);
    expect(html.replace(/\s+/g, '')).toHaveLength(
      HEAD_AS_VITE_WRITES_IT.replace(/\s+/g, '').length,
    );
    expect(html).toContain('<title>Ensaya</title>\n    <link rel="stylesheet"');
  });

  it('leaves a page without a stylesheet or a script in its head as it is', () => {
    const bare = '<html><head><title>x</title></head><body><script></script></body></html>';
    expect(moveStylesheetsFirst(bare)).toBe(bare);
    const noScript = '<html><head><link rel="stylesheet" href="/a.css"></head></html>';
    expect(moveStylesheetsFirst(noScript)).toBe(noScript);
  });
});
