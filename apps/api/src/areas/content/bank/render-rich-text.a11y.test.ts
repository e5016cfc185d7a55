import { describe, expect, it } from 'vitest';
import { renderRichText } from './render-rich-text.ts';

// Screen readers read a formula from KaTeX's MathML: the sanitizer must keep
// the `<math>` tree with its `<semantics>` and TeX `<annotation>`, and KaTeX's visual HTML must
// stay hidden from them, so that a formula is read once, as mathematics.

describe('formulas for screen readers', () => {
  it('keeps the MathML and hides the visual part', () => {
    const { html, errors } = renderRichText('<p>Si \\(x^2 = \\frac{9}{4}\\), entonces…</p>');
    expect(errors).toEqual([]);
    expect(html).toMatch(
      /<span class="katex"><span class="katex-mathml"><math xmlns="http:\/\/www\.w3\.org\/1998\/Math\/MathML"><semantics>/,
    );
    expect(html).toMatch(/<semantics>[\s\S]*<mfrac>[\s\S]*<\/mfrac>[\s\S]*<\/semantics>/);
    expect(html).toContain(
      '<annotation encoding="application/x-tex">x^2 = \\frac{9}{4}</annotation></semantics></math></span>',
    );
    // The visual copy follows the MathML, hidden; it is the only hidden part.
    expect(html).toContain('</math></span><span class="katex-html" aria-hidden="true">');
    expect(html.match(/aria-hidden/g)).toHaveLength(1);
  });

  it('keeps display math as a MathML block', () => {
    const { html } = renderRichText('\\[\\sqrt{2}\\]');
    expect(html).toMatch(/<math xmlns="[^"]+" display="block"><semantics>[\s\S]*<msqrt>/);
    expect(html).toContain('<span class="katex-html" aria-hidden="true">');
  });

  it('does not let an author hide text from screen readers or pose as KaTeX', () => {
    const { html } = renderRichText('<span aria-hidden="true" class="katex-html">secreto</span>');
    expect(html).toBe('<span>secreto</span>');
  });
});
