import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { renderRichText, svgWithoutAlternative } from './render-rich-text.ts';

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

  // Every class, inline style declaration and element KaTeX writes survives the cleaning.
  it.each([
    '\\int_0^1 f(x)\\,dx + \\sum_{i=1}^n i^2 + \\lim_{x\\to0}\\frac{\\sin x}{x}',
    '\\begin{array}{|c|c|}\\hline a&b\\\\\\hline\\end{array}',
    '\\colorbox{red}{x}\\fcolorbox{red}{blue}{y}\\cancel{x}\\bcancel{y}\\boxed{z}',
    '\\left(\\frac{a}{b}\\right]\\Bigg\\{\\begin{cases}a&b\\\\c&d\\end{cases}',
    '\\xrightarrow{abc}\\overbrace{abc}^{x}\\underbrace{a+b}_{n}\\widehat{xyz}\\vec{v}',
    '\\mathbb{R}\\mathcal{A}\\mathfrak{g}\\boldsymbol{x}\\text{hola \\textit{it}}\\LaTeX',
    '\\hspace{1em}\\rule{1em}{2em}\\mathllap{x}\\raisebox{1em}{y}\\tiny a \\Huge b',
    '\\begin{aligned}a&=b\\\\c&=d\\end{aligned}\\begin{vmatrix}a\\\\b\\end{vmatrix}\\binom{n}{k}',
  ])('keeps the look of %s inline and displayed', (tex) => {
    const summary = (html: string) => ({
      elements: [...html.matchAll(/<([a-z]+)/g)].map((match) => match[1]).sort(),
      classes: [...html.matchAll(/ class="([^"]*)"/g)]
        .flatMap((match) => match[1]!.split(' '))
        .sort(),
      styles: [...html.matchAll(/ style="([^"]*)"/g)]
        .flatMap((match) => match[1]!.split(';'))
        .map((declaration) => declaration.replace(/\s*:\s*/, ':').trim())
        .filter(Boolean)
        .sort(),
    });
    for (const displayMode of [false, true]) {
      const raw = katex.renderToString(tex, {
        displayMode,
        output: 'htmlAndMathml',
        strict: 'ignore',
      });
      const html = clean(displayMode ? `\\[${tex}\\]` : `\\(${tex}\\)`);
      expect(summary(html)).toEqual(summary(raw));
    }
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
    [
      '<svg role="img" aria-label="a" onload="alert(1)"><path d="M0"/></svg>',
      '<svg role="img" aria-label="a"><path d="M0"></path></svg>',
    ],
    ['<style>body{display:none}</style><p>a</p>', '<p>a</p>'],
    ['<p style="position:fixed;top:0">a</p>', '<p>a</p>'],
    ['<span style="position:fixed;top:0">a</span>', '<span>a</span>'],
    ['<iframe src="https://evil.cl"></iframe><p>a</p>', '<p>a</p>'],
    ['<p onclick="alert(1)" ONMOUSEOVER="x">a</p>', '<p>a</p>'],
    ['<math><mi href="javascript:alert(1)">x</mi></math>', '<math><mi>x</mi></math>'],
  ])('neutralizes %s', (source, expected) => {
    expect(renderRichText(source).html).toBe(expected);
  });

  // Author HTML cannot borrow the app's or KaTeX's classes, nor position itself over the page.
  it.each([
    ['<p class="ant-modal-wrap">a</p>', '<p>a</p>'],
    ['<span class="katex-display">a</span>', '<span>a</span>'],
    [
      '<div class="ant-modal-wrap" style="position:fixed;top:0;left:0;width:100%;height:100%;z-index:9999">a</div>',
      'a',
    ],
    ['<span style="top:-100px;left:0;margin-left:-50em;height:100vh">a</span>', '<span>a</span>'],
    [
      '<table style="position:absolute;inset:0"><tr><td style="width:100vw">a</td></tr></table>',
      '<table><tr><td>a</td></tr></table>',
    ],
    [
      '<math class="ant-modal-wrap" style="position:fixed"><mi>x</mi></math>',
      '<math><mi>x</mi></math>',
    ],
    [
      '<math><mpadded voffset="-90em" lspace="-50em"><mspace width="-99em"></mspace><mi mathsize="50em">x</mi></mpadded></math>',
      '<math><mpadded><mspace></mspace><mi>x</mi></mpadded></math>',
    ],
    [
      '<svg role="img" aria-label="a" style="position:fixed;top:0" width="10"><path d="M0"/></svg>',
      '<svg role="img" aria-label="a" width="10"><path d="M0"></path></svg>',
    ],
    [
      '<p>a</p><span class="katex"><span class="vlist" style="top:-9em">b</span></span>',
      '<p>a</p><span><span>b</span></span>',
    ],
  ])('strips classes and styles from the author: %s', (source, expected) => {
    expect(renderRichText(source).html).toBe(expected);
  });

  it('keeps formulas within reach of their text: no shift beyond 99.99em', () => {
    for (const tex of ['\\kern{-10000em}x', '\\hspace{-1000em}y', '\\raisebox{-500em}{z}']) {
      const { html } = renderRichText(`<p>a \\(${tex}\\) b</p>`);
      expect(html).toContain('<span class="katex">');
      // Styles only: the MathML copy is for screen readers and is not laid out on the page.
      const styles = [...html.matchAll(/ style="([^"]*)"/g)].map((match) => match[1]).join(';');
      for (const [, value] of styles.matchAll(/(-?[\d.]+)em/g)) {
        expect(Math.abs(Number(value)), tex).toBeLessThan(100);
      }
    }
  });

  it('puts a formula only where text goes: in an attribute it stays as its source', () => {
    expect(clean('<img src="https://x.cl/a.png" alt="\\(a &lt; b\\)"><p>\\(x\\)</p>')).toMatch(
      /^<img src="https:\/\/x\.cl\/a\.png" alt="\\\(a &lt; b\\\)" \/><p><span class="katex">/,
    );
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

describe('figures (inline SVG)', () => {
  const good =
    '<figure><svg viewBox="0 0 200 120" role="img" aria-label="Triángulo rectángulo de catetos 3 y 4">' +
    '<defs><marker id="flecha" refX="5" refY="5" markerWidth="6" markerHeight="6" orient="auto"><path d="M0 0 L10 5 L0 10 z" fill="currentColor"></path></marker></defs>' +
    '<title>Triángulo</title>' +
    '<polygon points="20,100 180,100 20,20" fill="none" stroke="currentColor" stroke-width="2"></polygon>' +
    '<line x1="20" y1="100" x2="180" y2="100" stroke="currentColor" marker-end="url(#flecha)"></line>' +
    '<circle cx="20" cy="100" r="3" fill="currentColor"></circle>' +
    '<text x="100" y="115" font-size="12" text-anchor="middle" fill="currentColor">4 cm</text>' +
    '</svg><figcaption>Figura 1</figcaption></figure>';

  it('keeps an allowed figure byte for byte', () => {
    expect(renderRichText(good).html).toBe(good);
  });

  it('cleans a malicious figure', () => {
    const evil =
      '<svg viewBox="0 0 10 10" role="img" aria-label="x" onload="alert(1)" style="position:fixed">' +
      '<script>alert(2)</script>' +
      '<a href="javascript:alert(3)"><rect width="5" height="5"></rect></a>' +
      '<use href="#x" xlink:href="javascript:alert(4)"></use>' +
      '<image href="https://evil.example/x.png"></image>' +
      '<foreignObject><iframe src="https://evil.example"></iframe></foreignObject>' +
      '<rect fill="url(https://evil.example/p)" stroke="url(#ok)" width="1" height="1" onclick="x()"></rect>' +
      '</svg>';
    const { html } = renderRichText(evil);
    expect(html).not.toMatch(
      /script|onload|onclick|style=|javascript|href|<use|<image|foreignObject|iframe|evil/i,
    );
    expect(html).toContain('stroke="url(#ok)"');
    expect(html).toContain('<rect width="5" height="5"></rect>');
  });

  it('drops CSS values that could load anything, however they are spelled', () => {
    const figure = (attributes: string) =>
      renderRichText(
        `<svg viewBox="0 0 10 10" role="img" aria-label="x"><rect width="1" height="1" ${attributes}></rect></svg>`,
      ).html;
    // CSS escapes and comments spell `url(` without the text showing it; the browser fetches them.
    const spellings = [
      'u\\rl(https://e.example/a)',
      '\\75rl(https://e.example/b)',
      '\\75 rl(https://e.example/c)',
      'u\\72 l(https://e.example/d)',
      'url\\(https://e.example/e)',
      'u/**/rl(https://e.example/f)',
      'U\\52L(https://e.example/g)',
      'URL(https://e.example/h)',
      '&#117;rl(https://e.example/i)',
      'u&#92;rl(https://e.example/j)',
      'url(#ok) url(https://e.example/k)',
      'image-set("https://e.example/l" 1x)',
      'src("https://e.example/m")',
      'var(--x)',
      '#fff url(https://e.example/n)',
    ];
    for (const value of spellings) {
      for (const name of ['fill', 'stroke', 'marker-end', 'transform', 'font-family']) {
        const html = figure(`${name}="${value}"`);
        expect(html, `${name}="${value}"`).not.toMatch(/e\.example|\\|url|image-set|src\(|var\(/i);
        expect(html, `${name}="${value}"`).toContain('<rect width="1" height="1"></rect>');
      }
    }
    // What figures use stays: a reference into the figure, colours, transforms, font names.
    const kept =
      'fill="url(#grad-1)" stroke="rgb(10, 20, 30)" transform="rotate(35 60 60) translate(2,3)" font-family="Times New Roman, serif"';
    expect(figure(kept)).toBe(
      `<svg viewBox="0 0 10 10" role="img" aria-label="x"><rect width="1" height="1" ${kept}></rect></svg>`,
    );
    // A transform function is a transform's only: `rotate(` in a colour is refused.
    expect(figure('fill="rotate(1)"')).not.toContain('fill=');
    // Text attributes are not CSS: parentheses in a description stay.
    expect(
      renderRichText('<svg role="img" aria-label="Recta por (0, 2) y f(x) = 2x"></svg>').html,
    ).toContain('aria-label="Recta por (0, 2) y f(x) = 2x"');
  });

  it('drops a figure without a text alternative', () => {
    expect(
      renderRichText('<p>a</p><svg viewBox="0 0 1 1"><rect width="1" height="1"></rect></svg>')
        .html,
    ).toBe('<p>a</p>');
    expect(svgWithoutAlternative('<svg role="img" aria-label=" ">')).toBe(true);
    expect(svgWithoutAlternative(good)).toBe(false);
  });
});
