import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { renderRichText } from './render-rich-text.ts';

const clean = (source: string) => {
  const { html, errors } = renderRichText(source);
  expect(errors).toEqual([]);
  return html;
};

describe('renderRichText', () => {
  it('keeps basic formatting and renders inline and display TeX to HTML plus MathML', () => {
    const html = clean(
      '<p>Si <strong>x</strong> vale \\(\\frac{1}{2}\\), entonces</p>\\[x^2 = \\tfrac14\\]',
    );
    expect(html).toContain('<p>Si <strong>x</strong> vale <span class="katex">');
    expect(html).toContain('<math xmlns="http://www.w3.org/1998/Math/MathML">');
    expect(html).toContain('<mfrac><mn>1</mn><mn>2</mn></mfrac>');
    expect(html).toContain('<span class="katex-display">');
    expect(html).toContain('style="height:');
  });

  it("keeps KaTeX's output whole: its classes, inline styles, MathML and SVG", () => {
    const tex =
      '\\sqrt{x^2+1} + \\color{red}{y} + \\overrightarrow{AB} + \\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}';
    const raw = katex.renderToString(tex, { output: 'htmlAndMathml', strict: 'ignore' });
    const html = clean(`\\(${tex}\\)`);
    const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;
    for (const pattern of [/class="/g, /style="/g, /<svg /g, /<path /g, /<m[a-z]+/g, /<span/g]) {
      expect(count(html, pattern), String(pattern)).toBe(count(raw, pattern));
    }
    expect(html).toContain('viewBox="0 0 400000');
    expect(html).toContain('color:red');
  });

  it('reads TeX written with HTML entities as the author meant it', () => {
    expect(clean('\\(a &lt; b\\)')).toContain('<mo>&lt;</mo>');
  });

  it.each([
    ['<p>ok</p><script>alert(1)</script>', '<p>ok</p>'],
    ['<img src="https://x.cl/a.png" onerror="alert(1)">', '<img src="https://x.cl/a.png" />'],
    ['<p><img src="x" onerror="alert(1)"></p>', '<p></p>'],
    ['<p><img src="http://x.cl/a.png"></p>', '<p></p>'],
    ['<p><img src="data:image/png;base64,AAAA"></p>', '<p></p>'],
    ['<a href="/admin">x</a>', '<a target="_blank" rel="noopener noreferrer">x</a>'],
    ['<a href="javascript:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer">x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer">x</a>'],
    [
      '<a href="data:text/html,<script>alert(1)</script>">x</a>',
      '<a target="_blank" rel="noopener noreferrer">x</a>',
    ],
    ['<svg onload="alert(1)"><path d="M0"/></svg>', '<svg><path d="M0"></path></svg>'],
    ['<style>body{display:none}</style><p>a</p>', '<p>a</p>'],
    ['<p style="position:fixed;top:0">a</p>', '<p>a</p>'],
    ['<span style="position:fixed;top:0">a</span>', '<span style="top:0">a</span>'],
    ['<iframe src="https://evil.cl"></iframe><p>a</p>', '<p>a</p>'],
    ['<p onclick="alert(1)" ONMOUSEOVER="x">a</p>', '<p>a</p>'],
    ['<math><mi href="javascript:alert(1)">x</mi></math>', '<math><mi>x</mi></math>'],
  ])('neutralizes %s', (source, expected) => {
    expect(renderRichText(source).html).toBe(expected);
  });

  it('opens links in a new tab without the opener', () => {
    expect(clean('<a href="https://ensaya.cl" target="_self">x</a>')).toBe(
      '<a href="https://ensaya.cl" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(clean('<a href="mailto:hola@ensaya.cl">x</a>')).toContain(
      'href="mailto:hola@ensaya.cl"',
    );
  });

  it('cannot be tricked by TeX: no links, no HTML injected, no trusted commands', () => {
    const { html } = renderRichText(
      '\\(\\href{javascript:alert(1)}{x} \\htmlClass{evil}{y} \\text{</span><script>alert(1)</script>}\\)',
    );
    expect(html).not.toMatch(/<script|<a |href=|class="[^"]*evil/);
    expect(html).toContain('&lt;script&gt;');
  });

  it('shows malformed TeX as escaped source with an error mark and reports it', () => {
    const { html, errors } = renderRichText('<p>Calcula \\(\\frac{1}{<b>\\) y \\(x^2\\)</p>');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/KaTeX parse error/);
    expect(html).toMatch(
      /<span class="math-error" title="KaTeX parse error[^"]*">\\\(\\frac\{1\}\{&lt;b&gt;\\\)<\/span>/,
    );
    expect(html).toContain('<span class="katex">');
    expect(html.startsWith('<p>Calcula')).toBe(true);
  });

  it('reports an unclosed delimiter and keeps the text', () => {
    const { html, errors } = renderRichText('<p>Sea \\(x + 1</p>');
    expect(errors).toHaveLength(1);
    expect(html).toBe('<p>Sea \\(x + 1</p>');
  });
});
