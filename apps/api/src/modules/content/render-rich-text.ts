import katex from 'katex';
import sanitizeHtml from 'sanitize-html';

// Rich text of questions, choices, solutions and contexts: a small HTML fragment with TeX between
// `\( \)` (inline) and `\[ \]` (display). It is rendered once, when it is saved: KaTeX turns the TeX
// into HTML plus MathML (the browser needs only KaTeX's CSS and fonts), and an allow-list keeps
// KaTeX's output and basic formatting and drops everything else (scripts, styles, event handlers,
// `javascript:` and `data:` URLs).

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
const SVG_TAGS = ['svg', 'path', 'line', 'rect', 'g'];
const SVG_ATTRIBUTES = [
  'xmlns',
  'width',
  'height',
  'viewbox',
  'viewBox',
  'preserveaspectratio',
  'preserveAspectRatio',
  'style',
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
];

// KaTeX positions its boxes with inline styles of these properties, always lengths or colours.
const LENGTH = /^-?\d*\.?\d+(em|ex|px|pt|%)?$/;
const COLOUR = /^(#[0-9a-f]{3,8}|[a-z]+|rgba?\([\d\s.,%]+\))$/i;
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
  ...['color', 'background-color', 'border-color'].map((property) => [property, [COLOUR]]),
  ['border-style', [/^(solid|dashed|dotted|none)$/]],
]);

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...FORMATTING_TAGS, ...MATHML_TAGS, ...SVG_TAGS],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    span: ['class', 'style', 'aria-hidden', 'title'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ...Object.fromEntries(MATHML_TAGS.map((tag) => [tag, MATHML_ATTRIBUTES])),
    ...Object.fromEntries(SVG_TAGS.map((tag) => [tag, SVG_ATTRIBUTES])),
  },
  allowedStyles: { '*': KATEX_STYLES },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // KaTeX's SVG attributes are case-sensitive (viewBox, preserveAspectRatio).
  parser: { lowerCaseAttributeNames: false },
  transformTags: {
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
  // An image only from an absolute https address; without one it is dropped.
  exclusiveFilter: (frame) =>
    frame.tag === 'img' && !/^https:\/\//i.test(frame.attribs.src?.trim() ?? ''),
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
  const withMath = source.replace(TEX, (_match, inline?: string, display?: string) =>
    renderTex(decodeEntities(inline ?? display ?? ''), display !== undefined, errors),
  );
  if (UNCLOSED_TEX.test(source.replace(TEX, ''))) {
    errors.push('Unclosed math: a \\( or \\[ has no matching \\) or \\].');
  }
  return { html: sanitizeHtml(withMath, SANITIZE_OPTIONS).trim(), errors };
}
