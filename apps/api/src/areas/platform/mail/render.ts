/**
 * A tiny escape-safe HTML builder for e-mail templates (no template library): every value put into
 * an `html` template is escaped unless it is itself `SafeHtml` built the same way.
 */
export class SafeHtml {
  readonly value: string;

  constructor(value: string) {
    this.value = value;
  }

  toString() {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

function piece(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(piece).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => (out += piece(value) + (strings[i + 1] ?? '')));
  return new SafeHtml(out);
}

/** `{name}` placeholders filled with escaped values; the text itself is ours, so it is trusted. */
export function fill(text: string, params: Record<string, string | SafeHtml> = {}): SafeHtml {
  const escaped = escapeHtml(text).replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? piece(params[name]) : whole,
  );
  return new SafeHtml(escaped);
}

/** The same placeholders for the plain-text body. */
export function fillText(text: string, params: Record<string, string> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? params[name]! : whole,
  );
}
