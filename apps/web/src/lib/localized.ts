/**
 * Catalogue data in the interface's language (docs/api.md, "Language"): packages and subjects come
 * with their Spanish texts and, when the back office gave them, English ones (`name_en`,
 * `description_en`). English shows the English text, or the Spanish one when it is empty; Spanish
 * always shows the Spanish text. Picking on the client keeps a language switch instant, with no
 * new request.
 */
export function inLanguage<Spanish extends string | null>(
  spanish: Spanish,
  english: string | null | undefined,
  language: string,
): Spanish | string {
  return language.startsWith('en') && english?.trim() ? english : spanish;
}
