import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import katex from 'katex';
import sanitizeHtml from 'sanitize-html';

// Rich text of questions, choices, solutions and contexts: a small HTML fragment with TeX between
// `\( \)` (inline) and `\[ \]` (display). It is rendered once, when it is saved: KaTeX turns the TeX
// into HTML plus MathML (the browser needs only KaTeX's CSS and fonts). Allow-lists keep basic
// formatting from the author and KaTeX's own output, and drop everything else (scripts, styles,
// classes, event handlers, `javascript:` and `data:` URLs).

export type RenderedRichText = { html: string; errors: string[] };

/** Longest source accepted; a question's text is far shorter. */
export const RICH_TEXT_MAX_LENGTH = 50_000;

const TEX = /\\\(([\s\S]*?)\\\)|\\\[([\s\S]*?)\\\]/g;
const UNCLOSED_TEX = /\\\(|\\\[/;

const MATHML_TAGS = [
  'math',
  'semantics',
  'annotation',
  'mrow',
  'mi',
  'mn',
  'mo',
  'ms',
  'mtext',
  'mspace',
  'msup',
  'msub',
  'msubsup',
  'mfrac',
  'msqrt',
  'mroot',
  'mstyle',
  'mtable',
  'mtr',
  'mtd',
  'mover',
  'munder',
  'munderover',
  'menclose',
  'mpadded',
  'mphantom',
  'mlabeledtr',
  'mprescripts',
  'mmultiscripts',
  'none',
];
const MATHML_ATTRIBUTES = [
  'xmlns',
  'display',
  'encoding',
  'mathvariant',
  'mathcolor',
  'mathbackground',
  'mathsize',
  'stretchy',
  'fence',
  'separator',
  'lspace',
  'rspace',
  'minsize',
  'maxsize',
  'symmetric',
  'largeop',
  'movablelimits',
  'accent',
  'accentunder',
  'width',
  'height',
  'depth',
  'voffset',
  'notation',
  'scriptlevel',
  'displaystyle',
  'rowspacing',
  'columnspacing',
  'columnalign',
  'rowalign',
  'columnlines',
  'rowlines',
  'frame',
  'framespacing',
  'linethickness',
  'side',
  'columnspan',
  'rowspan',
  'class',
];
// KaTeX draws some glyphs (radicals, wide accents, arrows) as small SVGs.
const SVG_TAGS = ['svg', 'path', 'line', 'rect', 'g'];
const SVG_ATTRIBUTES = [
  'xmlns',
  'width',
  'height',
  'viewbox',
  'viewBox',
  'preserveaspectratio',
  'preserveAspectRatio',
  'd',
  'x',
  'y',
  'x1',
  'x2',
  'y1',
  'y2',
  'stroke-width',
  'fill',
  'stroke',
];

// Figures written by authors: a safe subset of SVG (shapes, text, markers), never `style`, `href`,
// `<image>`, `<use>`, `<foreignObject>` or scripts. The attributes are plain values: geometry,
// paint and text settings, plus `id` so a `marker-end="url(#arrow)"` finds its marker.
const FIGURE_TAGS = [
  'svg',
  'g',
  'path',
  'line',
  'polyline',
  'polygon',
  'rect',
  'circle',
  'ellipse',
  'text',
  'tspan',
  'title',
  'defs',
  'marker',
];
const FIGURE_ATTRIBUTES = [
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'width',
  'height',
  'd',
  'points',
  'viewBox',
  'transform',
  'fill',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-linecap',
  'stroke-linejoin',
  'opacity',
  'font-size',
  'font-weight',
  'font-family',
  'text-anchor',
  'dominant-baseline',
  'marker-end',
  'marker-start',
  'id',
  'refX',
  'refY',
  'markerWidth',
  'markerHeight',
  'orient',
  'role',
  'aria-label',
];
/** Paint and marker references may point only into the figure itself: `url(#id)`. */
const FIGURE_URL_ATTRIBUTES = ['fill', 'stroke', 'marker-end', 'marker-start'];
const FIGURE_ID = /^[A-Za-z][\w-]{0,63}$/;

/** Whether some `<svg>` of the fragment lacks `role="img"` or a non-empty `aria-label`. */
export function svgWithoutAlternative(html: string): boolean {
  for (const match of html.matchAll(/<svg\b[^>]*>/gi)) {
    const tag = match[0];
    if (!/\srole\s*=\s*["']img["']/i.test(tag) || !/\saria-label\s*=\s*(["'])\s*[^\s"']/i.test(tag))
      return true;
  }
  return false;
}

const FORMATTING_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  'b',
  'i',
  'u',
  'sub',
  'sup',
  'ul',
  'ol',
  'li',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'blockquote',
  'a',
  'img',
  'span',
  'caption',
  'figure',
  'figcaption',
];

// Two allow-lists. The author's HTML gets the strict one: formatting, links, images, MathML and
// SVG shapes, with no `class` and no `style` anywhere, so it cannot borrow the app's classes
// (`ant-modal-wrap`) or position itself over the page. KaTeX's output gets the other one: its
// own classes and the inline styles it lays boxes out with. Each formula is rendered and cleaned
// on its own, and only then put where its TeX was, in a text node of the cleaned author HTML.

// Lengths as KaTeX writes them, at most 99.99em either way: KaTeX caps sizes an author asks for
// (maxSize) but not negative ones, and `\kern{-10000em}` must not carry text across the page.
const LENGTH = /^-?(\d{1,2}(\.\d+)?|\.\d+)(em|ex)?$/;
const LENGTHS = /^(-?(\d{1,2}(\.\d+)?|\.\d+)(em|ex)?\s*){1,4}$/;
const COLOUR = /^(#[0-9a-f]{3,8}|[a-z]+|rgba?\([\d\s.,%]+\))$/i;
const BORDER_STYLE = /^(solid|dashed|dotted|none)$/;
const KATEX_STYLES = Object.fromEntries([
  ...[
    'height',
    'width',
    'min-width',
    'max-width',
    'vertical-align',
    'top',
    'bottom',
    'left',
    'right',
    'margin-left',
    'margin-right',
    'margin-top',
    'margin-bottom',
    'padding-left',
    'padding-right',
    'padding-top',
    'padding-bottom',
    'border-bottom-width',
    'border-top-width',
    'border-left-width',
    'border-right-width',
    'border-width',
  ].map((property) => [property, [LENGTH]]),
  ['margin', [LENGTHS]],
  ...['color', 'background-color', 'border-color'].map((property) => [property, [COLOUR]]),
  ...['border-style', 'border-right-style', 'border-left-style'].map((property) => [
    property,
    [BORDER_STYLE],
  ]),
  // \fcolorbox's frame: `0.04em solid red`.
  [
    'border',
    [/^-?(\d{1,2}(\.\d+)?|\.\d+)em (solid|dashed) (#[0-9a-f]{3,8}|[a-z]+|rgba?\([\d\s.,%]+\))$/i],
  ],
  // Big operators are nudged with `position: relative; top`: it stays in the text's flow.
  ['position', [/^relative$/]],
]);

/**
 * KaTeX's own classes: those its stylesheet styles, the atom classes it marks boxes with, and
 * our `math-error`. Anything else (an app class such as `ant-modal-wrap`) is dropped.
 */
const KATEX_CLASSES = [
  ...new Set([
    ...Array.from(
      readFileSync(createRequire(import.meta.url).resolve('katex/dist/katex.css'), 'utf8')
        // Selectors only: the font URLs' extensions are not classes.
        .replace(/url\([^)]*\)/g, '')
        .matchAll(/\.(-?[_a-zA-Z][\w-]*)/g),
      (match) => match[1]!,
    ),
    ...['mord', 'mop', 'mbin', 'mrel', 'mopen', 'mclose', 'mpunct', 'minner', 'mtight', 'text'],
    ...['colorbox', 'nobreak', 'allowbreak', 'accentunder', 'delimsizinginner', 'enclosing'],
    ...['leftmost', 'katex-error', 'math-error'],
  ]),
];

/** KaTeX's output: spans with its classes and layout styles, MathML and SVG. */
const KATEX_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['span', ...MATHML_TAGS, ...SVG_TAGS],
  allowedAttributes: {
    span: ['class', 'style', 'aria-hidden', 'title'],
    ...Object.fromEntries(MATHML_TAGS.map((tag) => [tag, [...MATHML_ATTRIBUTES, 'style']])),
    ...Object.fromEntries(SVG_TAGS.map((tag) => [tag, [...SVG_ATTRIBUTES, 'style']])),
  },
  allowedClasses: Object.fromEntries(['span', ...MATHML_TAGS].map((tag) => [tag, KATEX_CLASSES])),
  allowedStyles: { '*': KATEX_STYLES },
  allowedSchemes: [],
  parser: { lowerCaseAttributeNames: false },
};

const MATHML_AUTHOR_DENIED = [
  'class',
  'width',
  'height',
  'depth',
  'voffset',
  'lspace',
  'rspace',
  'mathsize',
  'minsize',
  'maxsize',
];

/** Figure attributes that are text or names, never read as CSS. */
const FIGURE_TEXT_ATTRIBUTES = ['id', 'role', 'aria-label'];
const COLOUR_FUNCTIONS = ['rgb', 'rgba', 'hsl', 'hsla'];
const TRANSFORM_FUNCTIONS = ['matrix', 'translate', 'scale', 'rotate', 'skewx', 'skewy'];

/**
 * Whether a presentation attribute's value (which the browser parses as CSS: `fill`, `stroke`,
 * `transform`, `font-family`...) can load nothing. CSS escapes and comments can spell a function
 * the text does not show (`u\rl(`, `\75rl(`, `u\72 l(`, `url\(`), so a value holding a backslash
 * or a comment is refused whole (no figure needs one; entities are decoded before this). In what
 * is left a function is its name and a parenthesis, and every one must be a colour function, a transform
 * function in `transform`, or `url(#id)` alone in a paint or marker attribute (a reference into the
 * figure itself). Anything else (`url(https:...)`, `image-set(`, `src(`, `var(`) is refused.
 */
function isSafeFigureValue(name: string, value: string): boolean {
  if (/[\\]|\/\*/.test(value)) return false;
  for (const match of value.matchAll(/([A-Za-z_-][\w-]*)?\s*\(/g)) {
    const fn = (match[1] ?? '').toLowerCase();
    if (COLOUR_FUNCTIONS.includes(fn)) continue;
    if (name === 'transform' && TRANSFORM_FUNCTIONS.includes(fn)) continue;
    if (
      fn === 'url' &&
      FIGURE_URL_ATTRIBUTES.includes(name) &&
      /^url\(#[\w-]+\)$/.test(value.trim())
    )
      continue;
    return false;
  }
  return true;
}

/**
 * A figure element's attributes: CSS values that load nothing (`isSafeFigureValue`: `url(...)`
 * only as `url(#id)`), ids only plain names, and on MathML-free SVG nothing that could load or run
 * anything (the allow-list already drops `href`, `style` and event handlers).
 */
function cleanFigureAttributes(tagName: string, attribs: sanitizeHtml.Attributes) {
  const clean: sanitizeHtml.Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    const isText = FIGURE_TEXT_ATTRIBUTES.includes(name);
    if (isText ? /url\(/i.test(value) : !isSafeFigureValue(name, value)) continue;
    if (name === 'id' && !FIGURE_ID.test(value)) continue;
    if (/javascript:|data:/i.test(value)) continue;
    clean[name] = value;
  }
  return { tagName, attribs: clean };
}

/** Where an image may come from: https, or a media file the importer stored (content hash). */
const IMAGE_SOURCE = /^(https:\/\/|\/uploads\/media\/[0-9a-f]{64}\.(png|jpg)$)/i;

/** The author's HTML: no classes, no inline styles, links and images only from absolute URLs. */
const AUTHOR_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...FORMATTING_TAGS, ...MATHML_TAGS, ...FIGURE_TAGS],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    // No class, and no lengths that could move MathML out of its line (`voffset`, negative widths).
    ...Object.fromEntries(
      MATHML_TAGS.map((tag) => [
        tag,
        MATHML_ATTRIBUTES.filter((name) => !MATHML_AUTHOR_DENIED.includes(name)),
      ]),
    ),
    ...Object.fromEntries(FIGURE_TAGS.map((tag) => [tag, FIGURE_ATTRIBUTES])),
  },
  allowedStyles: {},
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // SVG attributes are case-sensitive (viewBox, preserveAspectRatio).
  parser: { lowerCaseAttributeNames: false },
  transformTags: {
    ...Object.fromEntries(FIGURE_TAGS.map((tag) => [tag, cleanFigureAttributes])),
    a: (tagName, { href, ...attribs }) => ({
      tagName,
      attribs: {
        // Only absolute http(s) and mailto links: a relative one would point into the app.
        ...(href && /^(https?:\/\/|mailto:)/i.test(href.trim()) ? { href } : {}),
        ...attribs,
        target: '_blank',
        rel: 'noopener noreferrer',
      },
    }),
  },
  // An image only from an absolute https address or our own imported media (question-import's
  // media.ts); without one it is dropped. A figure without a text alternative is dropped too (the
  // importer and the back office refuse it before this).
  exclusiveFilter: (frame) =>
    (frame.tag === 'img' && !IMAGE_SOURCE.test(frame.attribs.src?.trim() ?? '')) ||
    (frame.tag === 'svg' && (frame.attribs.role !== 'img' || !frame.attribs['aria-label']?.trim())),
};

const ENTITIES: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/** The TeX as the author meant it: the source is HTML, so `a &lt; b` means `a < b`. */
function decodeEntities(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|#39|nbsp);/g, (entity) => ENTITIES[entity]!);
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

function renderTex(tex: string, displayMode: boolean, errors: string[]): string {
  try {
    // throwOnError: true here only to catch KaTeX's message; a failure is shown as below, which is
    // what throwOnError: false would do, plus the report in `errors`.
    return katex.renderToString(tex, {
      displayMode,
      output: 'htmlAndMathml',
      throwOnError: true,
      trust: false,
      strict: 'ignore',
      maxExpand: 1000,
      maxSize: 50,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    errors.push(message);
    const delimited = displayMode ? `\\[${tex}\\]` : `\\(${tex}\\)`;
    return `<span class="math-error" title="${escapeHtml(message)}">${escapeHtml(delimited)}</span>`;
  }
}

/**
 * Renders a rich-text source into the HTML that is stored and served. Never throws: malformed TeX
 * stays visible as its source with an error mark and is listed in `errors`.
 */
export function renderRichText(source: string): RenderedRichText {
  const errors: string[] = [];
  // Each formula becomes a marker the author cannot guess, so that author text cannot pose as one.
  const marker = `katex${randomBytes(8).toString('hex')}n`;
  const markers = new RegExp(`${marker}(\\d+)e`, 'g');
  const formulas: Array<{ tex: string; html: string }> = [];
  const withMarkers = source.replace(TEX, (tex, inline?: string, display?: string) => {
    const rendered = renderTex(
      decodeEntities(inline ?? display ?? ''),
      display !== undefined,
      errors,
    );
    formulas.push({ tex, html: sanitizeHtml(rendered, KATEX_OPTIONS) });
    return `${marker}${formulas.length - 1}e`;
  });
  if (UNCLOSED_TEX.test(source.replace(TEX, ''))) {
    errors.push('Unclosed math: a \\( or \\[ has no matching \\) or \\].');
  }
  const html = sanitizeHtml(withMarkers, {
    ...AUTHOR_OPTIONS,
    // Text nodes only: there a marker becomes its formula's HTML.
    textFilter: (text) => text.replace(markers, (_marker, index: string) => formulas[+index]!.html),
  });
  // A formula written inside an attribute (an image's alt) stays there as its source.
  return {
    html: html
      .replace(markers, (_marker, index: string) =>
        escapeHtml(decodeEntities(formulas[+index]!.tex)),
      )
      .trim(),
    errors,
  };
}
