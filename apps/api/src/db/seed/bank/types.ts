// The authoring format of the demo question bank. Every text field is a small HTML fragment (`<p>`,
// `<strong>`, `<em>`, `<ul>`/`<li>`, `<table>`) with math written as TeX between `\(` and `\)`
// (inline) or `\[` and `\]` (display); the content module renders the TeX with KaTeX and sanitizes
// the HTML when the bank is saved. All of it is our own writing, never DEMRE's or CONASET's.

/** A question of the bank. */
export type BankQuestion = {
  /** Exactly the name of one of the subject's themes in DEMO_SUBJECTS. */
  theme: string;
  /** Key of one of the subject's contexts (reading text, table, case) the question is about. */
  context?: string;
  statement: string;
  /** 2 to 9 distinct options, in the order they are shown (labels A, B, C...). */
  choices: string[];
  /** Indexes into `choices` of the correct options: exactly one unless `isMultiChoice`. */
  correct: number[];
  /** Correct only when every correct option, and nothing else, is picked. */
  isMultiChoice?: boolean;
  /** Worked solution: why the key is right and why a tempting distractor is wrong. */
  solution: string;
  urlSource?: string;
};

/** A reading text, table or case shared by several questions of a subject. */
export type BankContext = {
  /** Unique within the subject; questions point at it with `context`. */
  key: string;
  title: string;
  body: string;
};

/** The bank of one subject. */
export type SubjectBank = {
  /** Exactly the subject's name in DEMO_SUBJECTS. */
  subject: string;
  contexts: BankContext[];
  questions: BankQuestion[];
};

/** A question generated from a parametrised template, kept with its parameters for the tests. */
export type GeneratedQuestion = {
  template: string;
  params: Record<string, number>;
  question: BankQuestion;
};
