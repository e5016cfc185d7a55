/** Interface languages. Spanish is the default and the fallback (spec 000, section 9). */
export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Reads a tag such as `en-US` or `EN` as one of our languages, or undefined. */
export function parseLanguage(tag: string | undefined | null): Language | undefined {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : undefined;
}

/**
 * The language of a request: the `X-Localization` header first, then the best supported entry of
 * `Accept-Language` by quality, then Spanish.
 */
export function pickLanguage(
  xLocalization: string | undefined | null,
  acceptLanguage: string | undefined | null,
): Language {
  const explicit = parseLanguage(xLocalization);
  if (explicit) return explicit;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return {
        language: parseLanguage(tag),
        quality: Number.isFinite(quality) ? quality : 0,
        index,
      };
    })
    .filter((entry) => entry.language && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked[0]?.language ?? DEFAULT_LANGUAGE;
}
