// Short names of subjects and themes for places with little room (chart axes on a phone). A short
// name is never a stub: a known code ("M1"), an acronym of a name's capitalised words ("CL"), or
// whole words of at least 4 letters ("Historia", "Álgebra"). Names that have no such form stay
// whole and are wrapped by whoever shows them. Full names go wherever there is room (tooltips,
// the figures under a chart).

/** Names this long or shorter are already short. */
const SHORT_ENOUGH = 12;
/** The shortest word kept as a name on its own. */
const MIN_WORD = 4;

/** A code at the end of a name: "Competencia Matemática M1" -> "M1". */
const TRAILING_CODE = /(?:^|\s)([A-Z]{1,3}\d{1,2})$/u;
/** A driving-licence class: "Examen teórico clase B" -> "Clase B". */
const LICENCE_CLASS = /(?:^|\s)clase\s+([A-Za-z]\d?)$/iu;
/** Where a name's head ends: a colon, comma, bracket or dash, or a joining word. */
const HEAD_END = /\s*[:,;(]|\s+[-–]\s+|\s+(?:y|e|o|u|de|del|en|and|or|of|in)\s+|\s*&\s*/iu;

function headOf(name: string): string {
  return name.split(HEAD_END, 1)[0]!.trim();
}

function initialsOf(name: string): string | undefined {
  const capitalised = name.split(/\s+/u).filter((word) => /^\p{Lu}/u.test(word));
  return capitalised.length >= 2 ? capitalised.map((word) => word[0]).join('') : undefined;
}

/**
 * "Competencia Lectora" -> "CL", "Competencia Matemática M2" -> "M2", "Historia y Ciencias
 * Sociales" -> "Historia", "Ciencias" -> "Ciencias", "Examen teórico clase B" -> "Clase B".
 */
export function shortSubjectName(name: string): string {
  const trimmed = name.trim();
  const code = TRAILING_CODE.exec(trimmed)?.[1];
  if (code) return code;
  const licenceClass = LICENCE_CLASS.exec(trimmed)?.[1];
  if (licenceClass) return `Clase ${licenceClass.toUpperCase()}`;
  if (trimmed.length <= SHORT_ENOUGH) return trimmed;
  const head = headOf(trimmed);
  if (head !== trimmed && head.length >= MIN_WORD && head.length <= SHORT_ENOUGH) return head;
  return initialsOf(trimmed) ?? trimmed;
}

/**
 * "Álgebra y funciones" -> "Álgebra", "Historia: mundo, América y Chile" -> "Historia",
 * "Normas de tránsito" -> "Normas"; "Formación ciudadana" stays whole (no shorter form reads).
 */
export function shortThemeName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length <= SHORT_ENOUGH) return trimmed;
  const head = headOf(trimmed);
  return head.length >= MIN_WORD ? head : trimmed;
}

/**
 * The short names of names shown together: where two would read the same, both keep their full
 * names, so every label still tells its item apart.
 */
export function distinctShortNames(
  names: readonly string[],
  shorten: (name: string) => string,
): string[] {
  const shorts = names.map(shorten);
  const key = (value: string) => value.toLocaleLowerCase('es');
  const fullNamesByShort = new Map<string, Set<string>>();
  shorts.forEach((short, index) => {
    const fullNames = fullNamesByShort.get(key(short)) ?? new Set<string>();
    fullNames.add(names[index]!.trim());
    fullNamesByShort.set(key(short), fullNames);
  });
  return shorts.map((short, index) =>
    fullNamesByShort.get(key(short))!.size > 1 ? names[index]!.trim() : short,
  );
}
