import type { BankExport } from '@ensaya/core/contracts/admin';
import { categorySegment } from './parsed.ts';

// A bank (the JSON export's document) as Moodle XML and as GIFT, for Moodle's importers: one
// category per theme (`$course$/top/<Subject>/<Theme>`, a `/` in a name doubled as Moodle does),
// multiple-choice questions with the solution as general feedback, HTML text with TeX kept as
// `\(...\)`. A question's context (shared text) goes at the start of its statement, since Moodle
// has no shared texts. Our importers read both back to the same questions.

type Question = BankExport['questions'][number];

/** Moodle's credit as written in a file: up to 5 decimals (`33.33333`), one of its grade options. */
function percent(value: number): string {
  return String(Number(value.toFixed(5)));
}

/**
 * Each choice's credit in percent: 100 for the key of a single-answer question (0 otherwise);
 * in a multiple-answer one the keys share 100 and the wrong answers take it away in equal parts.
 */
export function choiceFractions(question: Pick<Question, 'is_multi_choice' | 'choices'>): string[] {
  const keys = question.choices.filter((choice) => choice.is_correct).length;
  const wrong = question.choices.length - keys;
  return question.choices.map((choice) => {
    if (!question.is_multi_choice) return choice.is_correct ? '100' : '0';
    return choice.is_correct ? percent(100 / keys) : percent(-100 / wrong);
  });
}

function categoryPath(subject: string, theme: string): string {
  return `$course$/top/${categorySegment(subject)}/${categorySegment(theme)}`;
}

/** The statement with the question's context before it. */
function fullStatement(document: BankExport, question: Question): string {
  const context =
    question.context === null
      ? undefined
      : document.contexts.find((entry) => entry.key === question.context);
  return context ? `${context.body}\n${question.statement}` : question.statement;
}

/** A short plain name for Moodle's question list: the statement's first words. */
function questionName(document: BankExport, question: Question, position: number): string {
  const words = question.statement
    .replace(/<[^>]*>/g, ' ')
    .replace(/\\[()[\]]/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, '')
    .replace(/\s+/g, ' ')
    .trim();
  const short = words.length > 60 ? `${words.slice(0, 57).trimEnd()}...` : words;
  return short || `${document.subject.name} ${position + 1}`;
}

function xmlEscape(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** Text in a CDATA section (a `]]>` inside is split across two sections). */
function cdata(value: string): string {
  return `<![CDATA[${value.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

function htmlText(tag: string, value: string, indent: string): string {
  return `${indent}<${tag} format="html">\n${indent}  <text>${value ? cdata(value) : ''}</text>\n${indent}</${tag}>`;
}

/** Moodle XML (`<quiz>`), what Moodle's "Moodle XML format" importer reads. */
export function toMoodleXml(document: BankExport): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<quiz>'];
  let theme: string | undefined;
  document.questions.forEach((question, position) => {
    if (question.theme !== theme) {
      theme = question.theme;
      lines.push(
        '  <question type="category">',
        '    <category>',
        `      <text>${xmlEscape(categoryPath(document.subject.name, theme))}</text>`,
        '    </category>',
        '  </question>',
      );
    }
    const fractions = choiceFractions(question);
    lines.push(
      '  <question type="multichoice">',
      `    <name>\n      <text>${xmlEscape(questionName(document, question, position))}</text>\n    </name>`,
      htmlText('questiontext', fullStatement(document, question), '    '),
      htmlText('generalfeedback', question.solution, '    '),
      '    <defaultgrade>1</defaultgrade>',
      '    <penalty>0</penalty>',
      `    <hidden>${question.is_active ? 0 : 1}</hidden>`,
      `    <single>${question.is_multi_choice ? 'false' : 'true'}</single>`,
      '    <shuffleanswers>true</shuffleanswers>',
      '    <answernumbering>abc</answernumbering>',
      ...question.choices.map(
        (choice, index) =>
          `    <answer fraction="${fractions[index]}" format="html">\n      <text>${cdata(choice.body)}</text>\n      <feedback format="html">\n        <text></text>\n      </feedback>\n    </answer>`,
      ),
      '  </question>',
    );
  });
  lines.push('</quiz>', '');
  return lines.join('\n');
}

/** GIFT's special characters escaped, line breaks as `\n` (a blank line would end the question). */
function giftEscape(value: string): string {
  return value
    .replace(/\r/g, '')
    .replace(/[\\~=#{}:]/g, (char) => `\\${char}`)
    .replace(/\n/g, '\\n');
}

/** GIFT, what Moodle's "GIFT format" importer reads. */
export function toGift(document: BankExport): string {
  const blocks = [`// ${giftEscape(document.subject.name)}: exported from Ensaya.`];
  let theme: string | undefined;
  document.questions.forEach((question, position) => {
    if (question.theme !== theme) {
      theme = question.theme;
      blocks.push(`$CATEGORY: ${categoryPath(document.subject.name, theme)}`);
    }
    const fractions = choiceFractions(question);
    const answers = question.choices.map((choice, index) => {
      // Moodle's GIFT reader takes weights of at most two whole digits: a lone key of a
      // multiple-answer question is written 99.99999, which its import rounds to the 100 grade.
      const weight = fractions[index] === '100' ? '99.99999' : fractions[index];
      const mark = question.is_multi_choice ? `~%${weight}%` : choice.is_correct ? '=' : '~';
      return `\t${mark}[html]${giftEscape(choice.body)}`;
    });
    const feedback = question.solution ? [`\t####[html]${giftEscape(question.solution)}`] : [];
    blocks.push(
      [
        `::${giftEscape(questionName(document, question, position))}::[html]${giftEscape(fullStatement(document, question))}{`,
        ...answers,
        ...feedback,
        '}',
      ].join('\n'),
    );
  });
  return `${blocks.join('\n\n')}\n`;
}
