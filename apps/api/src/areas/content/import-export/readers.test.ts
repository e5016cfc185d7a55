import { describe, expect, it } from 'vitest';
import { decodeImportFile } from './decode.ts';
import { parseGift } from './gift.ts';
import { parseMoodle } from './moodle.ts';
import { categorySegments, FileRefused, type ParsedFile } from './parsed.ts';

// The Moodle XML and GIFT readers on small files of our own, written for these tests: each case
// is the same question in both formats, and both readers must agree.

/** Windows-1252 bytes of a text (Latin-1 plus the typographic quotes used below). */
function windows1252(text: string): Buffer {
  const extra: Record<string, number> = { '“': 0x93, '”': 0x94, '€': 0x80 };
  return Buffer.from([...text].map((char) => extra[char] ?? char.charCodeAt(0)));
}

const xml = (questions: string, declaration = '<?xml version="1.0" encoding="UTF-8"?>') =>
  `${declaration}\n<quiz>\n${questions}\n</quiz>\n`;

function mc(statement: string, answers: string, single = 'true') {
  return `<question type="multichoice"><questiontext format="html"><text><![CDATA[${statement}]]></text></questiontext><single>${single}</single>${answers}</question>`;
}

const answer = (fraction: number, text: string, format = 'html') =>
  `<answer fraction="${fraction}" format="${format}"><text><![CDATA[${text}]]></text></answer>`;

function only(file: ParsedFile | undefined) {
  expect(file?.problems).toEqual([]);
  expect(file?.questions).toHaveLength(1);
  return file!.questions[0]!;
}

const keys = (file: ParsedFile | undefined) =>
  only(file).choices.map((choice) => [choice.body, choice.isCorrect]);

describe('true/false with the author’s labels (item 2)', () => {
  it('reads the fractions and keeps the labels', () => {
    const file = parseMoodle(
      xml(
        '<question type="truefalse"><questiontext format="html"><text>¿El agua hierve a 100 °C a nivel del mar?</text></questiontext>' +
          '<answer fraction="100"><text>Verdadero</text></answer><answer fraction="0"><text>Falso</text></answer></question>',
      ),
    );
    expect(keys(file)).toEqual([
      ['Verdadero', true],
      ['Falso', false],
    ]);
    const reversed = parseMoodle(
      xml(
        '<question type="truefalse"><questiontext format="html"><text>¿La Luna es una estrella?</text></questiontext>' +
          '<answer fraction="0"><text>true</text></answer><answer fraction="100"><text>false</text></answer></question>',
      ),
    );
    expect(keys(reversed)).toEqual([
      ['<p>Verdadero</p>', false],
      ['<p>Falso</p>', true],
    ]);
    expect(keys(parseGift('¿La Luna es una estrella? {F}'))).toEqual([
      ['<p>Verdadero</p>', false],
      ['<p>Falso</p>', true],
    ]);
  });
});

describe('GIFT format tags on answers (item 3)', () => {
  it('reads [plain], [html] and [moodle] on each answer and on the feedback', () => {
    const question = only(
      parseGift(
        '[html]<p>¿Qué color tiene el cielo despejado?</p>{~[plain]verde <b> =[html]<b>azul</b> ~[moodle]rojo####[html]<p>Por la dispersión de la luz.</p>}',
      ),
    );
    expect(question.statement).toBe('<p>¿Qué color tiene el cielo despejado?</p>');
    expect(question.choices).toEqual([
      { body: '<p>verde &lt;b&gt;</p>', isCorrect: false },
      { body: '<b>azul</b>', isCorrect: true },
      { body: '<p>rojo</p>', isCorrect: false },
    ]);
    expect(question.solution).toBe('<p>Por la dispersión de la luz.</p>');
  });
});

describe('credit follows Moodle’s rule in both readers (item 4)', () => {
  it('partial credit in a single-answer question is not a second key, and the preview says so', () => {
    const gift = only(parseGift('¿Capital de Australia? {=Canberra ~%50%Sídney ~Melbourne}'));
    const moodle = only(
      parseMoodle(
        xml(
          mc(
            '¿Capital de Australia?',
            answer(100, 'Canberra', 'moodle_auto_format') +
              answer(50, 'Sídney', 'moodle_auto_format') +
              answer(0, 'Melbourne', 'moodle_auto_format'),
          ),
        ),
      ),
    );
    for (const question of [gift, moodle]) {
      expect(question.isMultiChoice).toBe(false);
      expect(question.choices.map((c) => c.isCorrect)).toEqual([true, false, false]);
      expect(question.notes).toEqual([
        { key: 'import.notePartialCredit', params: { credit: '50%' } },
      ]);
    }
  });

  it('two full-credit answers in a single-answer question are refused, not made multi-choice', () => {
    const gift = parseGift('¿Un número primo? {=2 =3 ~4}');
    const moodle = parseMoodle(
      xml(mc('¿Un número primo?', answer(100, '2') + answer(100, '3') + answer(0, '4'))),
    );
    for (const file of [gift, moodle]) {
      expect(file!.questions).toEqual([]);
      expect(file!.problems[0]!.problem).toEqual({ key: 'import.manyCorrect' });
    }
  });

  it('without any `=` (or with <single>false/0) the answers with positive credit are the keys', () => {
    const gift = only(parseGift('¿Cuáles son pares? {~%50%2 ~%50%4 ~%-100%5}'));
    for (const single of ['false', '0']) {
      const moodle = only(
        parseMoodle(
          xml(
            mc('¿Cuáles son pares?', answer(50, '2') + answer(50, '4') + answer(-100, '5'), single),
          ),
        ),
      );
      expect(moodle.isMultiChoice).toBe(true);
      expect(moodle.choices.map((c) => c.isCorrect)).toEqual([true, true, false]);
    }
    expect(gift.isMultiChoice).toBe(true);
    expect(gift.choices.map((c) => c.isCorrect)).toEqual([true, true, false]);
  });

  it('<single>0</single> with one key is a multi-choice question (item 9)', () => {
    const question = only(
      parseMoodle(xml(mc('¿Cuál es par?', answer(100, '2') + answer(0, '3'), '0'))),
    );
    expect(question.isMultiChoice).toBe(true);
    expect(question.choices.map((c) => c.isCorrect)).toEqual([true, false]);
  });
});

describe('what was simplified, said alike by both readers', () => {
  it('notes that the feedback of each answer is dropped', () => {
    const gift = only(parseGift('¿1 + 1? {=2#¡Bien! ~3#Revisa la suma.}'));
    const moodle = only(
      parseMoodle(
        xml(
          mc(
            '¿1 + 1?',
            '<answer fraction="100"><text>2</text><feedback><text>¡Bien!</text></feedback></answer>' +
              '<answer fraction="0"><text>3</text><feedback><text>Revisa la suma.</text></feedback></answer>',
          ),
        ),
      ),
    );
    for (const question of [gift, moodle])
      expect(question.notes).toEqual([{ key: 'import.noteAnswerFeedback' }]);
  });
});

describe('`->` in a multiple-choice answer (item 5)', () => {
  it('is text of the answer: `~` is checked first, as Moodle does', () => {
    const question = only(parseGift('¿Qué flecha indica implicación? {=p -> q ~p <- q ~p ∧ q}'));
    expect(question.choices[0]).toEqual({ body: '<p>p -&gt; q</p>', isCorrect: true });
    expect(parseGift('Empareja. {=a -> 1 =b -> 2}').problems[0]!.type).toBe('matching');
  });
});

describe('simple tags and category names (item 9)', () => {
  it('keeps <sub>/<sup> in auto-format and unformatted GIFT text, escapes the rest', () => {
    const gift = only(
      parseGift(
        '¿Fórmula del agua? {=H<sub>2</sub>O ~H<sub>2</sub>O<sub>2</sub> ~<script>x</script>}',
      ),
    );
    const moodle = only(
      parseMoodle(
        xml(
          '<question type="multichoice"><questiontext format="moodle_auto_format"><text>¿Fórmula del agua?</text></questiontext><single>true</single>' +
            answer(100, 'H<sub>2</sub>O', 'moodle_auto_format') +
            answer(0, 'H<sub>2</sub>O<sub>2</sub>', 'moodle_auto_format') +
            answer(0, '<script>x</script>', 'moodle_auto_format') +
            '</question>',
        ),
      ),
    );
    for (const question of [gift, moodle]) {
      expect(question.statement).toBe('<p>¿Fórmula del agua?</p>');
      expect(question.choices.map((c) => c.body)).toEqual([
        '<p>H<sub>2</sub>O</p>',
        '<p>H<sub>2</sub>O<sub>2</sub></p>',
        '<p>&lt;script&gt;x&lt;/script&gt;</p>',
      ]);
    }
  });

  it('reads `//` in a category name as a slash inside the name', () => {
    expect(categorySegments('$course$/top/Física//Química/Ondas')).toEqual([
      '$course$',
      'top',
      'Física/Química',
      'Ondas',
    ]);
    const gift = only(
      parseGift('$CATEGORY: $course$/top/M1/Razones//Proporciones\n\n¿1 + 1? {=2 ~3}'),
    );
    expect(gift.themeName).toBe('Razones/Proporciones');
    const moodle = only(
      parseMoodle(
        xml(
          '<question type="category"><category><text>$course$/top/M1/Razones//Proporciones</text></category></question>' +
            mc('¿1 + 1?', answer(100, '2') + answer(0, '3')),
        ),
      ),
    );
    expect(moodle.themeName).toBe('Razones/Proporciones');
  });
});

describe('encodings (item 7)', () => {
  const gift = '::Tilde::¿Cuál es la “capital” de Perú? {=Lima ~Cuzco}';
  const moodle = xml(
    mc('¿Cuál es la “capital” de Perú?', answer(100, 'Lima') + answer(0, 'Cuzco')),
    '<?xml version="1.0" encoding="windows-1252"?>',
  );
  const statement = (file: ParsedFile | undefined) => only(file).statement;

  it('reads a Windows-1252 GIFT file (detected) and a Moodle file that declares it', () => {
    const decodedGift = decodeImportFile('gift', windows1252(gift));
    expect(decodedGift.encoding).toBe('windows-1252');
    expect(statement(parseGift(decodedGift.text))).toBe('<p>¿Cuál es la “capital” de Perú?</p>');
    const decodedXml = decodeImportFile('moodle', windows1252(moodle));
    expect(decodedXml.encoding).toBe('windows-1252');
    expect(statement(parseMoodle(decodedXml.text))).toBe('¿Cuál es la “capital” de Perú?');
    const latin1 = moodle.replace('windows-1252', 'ISO-8859-1');
    expect(statement(parseMoodle(decodeImportFile('moodle', windows1252(latin1)).text))).toBe(
      '¿Cuál es la “capital” de Perú?',
    );
  });

  it('reads UTF-8 with a BOM in both formats', () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const decodedGift = decodeImportFile('gift', Buffer.concat([bom, Buffer.from(gift)]));
    expect(decodedGift.encoding).toBe('utf-8');
    expect(statement(parseGift(decodedGift.text))).toContain('¿Cuál');
    const utf8Xml = moodle.replace('windows-1252', 'UTF-8');
    const decodedXml = decodeImportFile('moodle', Buffer.concat([bom, Buffer.from(utf8Xml)]));
    expect(statement(parseMoodle(decodedXml.text))).toBe('¿Cuál es la “capital” de Perú?');
  });

  it('refuses an encoding it cannot read, naming it', () => {
    const shiftJis = moodle.replace('windows-1252', 'Shift_JIS');
    expect(() => decodeImportFile('moodle', Buffer.from(shiftJis))).toThrow(FileRefused);
    try {
      decodeImportFile('moodle', Buffer.from(shiftJis));
    } catch (error) {
      expect((error as FileRefused).reason).toEqual({
        key: 'import.encoding',
        params: { encoding: 'shift_jis' },
      });
    }
    expect(() => decodeImportFile('gift', Buffer.from([0xff, 0xfe, 0x41, 0]))).toThrow(FileRefused);
  });
});

describe('media references (item 6)', () => {
  it('keeps embedded files with the question, and never leaves an empty option', () => {
    const png = 'iVBORw0KGgo=';
    const question = only(
      parseMoodle(
        xml(
          '<question type="multichoice"><questiontext format="html"><text><![CDATA[<p>¿Qué figura es?</p><img src="@@PLUGINFILE@@/fig%201.png">]]></text>' +
            `<file name="fig 1.png" path="/" encoding="base64">${png}</file></questiontext><single>true</single>` +
            answer(100, 'Un cuadrado') +
            answer(0, 'Un triángulo') +
            '</question>',
        ),
      ),
    );
    expect(question.files?.get('fig 1.png')).toEqual({ name: 'fig 1.png', data: png });
    const empty = parseMoodle(xml(mc('¿Cuál?', answer(100, '<p></p>') + answer(0, 'Otra'))));
    expect(empty!.problems[0]!.problem).toEqual({ key: 'import.emptyChoice' });
    expect(parseGift('¿Cuál? {=[html]<p> </p> ~otra}').problems[0]!.problem).toEqual({
      key: 'import.emptyChoice',
    });
  });
});

describe('the sanitizer and imported media', () => {
  it('keeps images from our media path (content hash) and https, drops any other source', async () => {
    const { renderRichText } = await import('../bank/render-rich-text.ts');
    const own = `/uploads/media/${'a'.repeat(64)}.png`;
    expect(renderRichText(`<p><img src="${own}" alt="x"></p>`).html).toContain(`src="${own}"`);
    for (const other of [
      '/uploads/avatars/1-abc.jpg',
      '/uploads/media/../../etc/passwd.png',
      'http://example.com/a.png',
      'data:image/png;base64,AAAA',
      '@@PLUGINFILE@@/a.png',
    ])
      expect(renderRichText(`<p><img src="${other}" alt="x"></p>`).html).not.toContain('<img');
  });
});

describe('GIFT export weights', () => {
  it('writes every weight as Moodle’s GIFT reader takes it (two whole digits at most)', async () => {
    const { toGift } = await import('./export-formats.ts');
    const gift = toGift({
      format: 'ensaya-bank',
      version: 1,
      subject: { name: 'Física/Química', description: null },
      themes: [],
      contexts: [],
      questions: [
        {
          theme: 'Ondas',
          context: null,
          statement: '<p>¿Cuál es una onda mecánica?</p>',
          solution: '',
          is_multi_choice: true,
          url_source: null,
          is_active: true,
          difficulty: 2,
          choices: [
            { body: 'El sonido', is_correct: true },
            { body: 'La luz', is_correct: false },
            { body: 'Los rayos X', is_correct: false },
          ],
        },
      ],
    });
    expect(gift).toContain('$CATEGORY: $course$/top/Física//Química/Ondas');
    const weights = [...gift.matchAll(/\t~(%[^%]*%)/g)].map((match) => match[1]!);
    expect(weights).toEqual(['%99.99999%', '%-50%', '%-50%']);
    for (const weight of weights) expect(weight).toMatch(/^%-*([0-9]{1,2})\.?([0-9]*)%$/);
    const question = only(parseGift(gift));
    expect(question.isMultiChoice).toBe(true);
    expect(question.choices.map((c) => c.isCorrect)).toEqual([true, false, false]);
    expect(question.themeName).toBe('Ondas');
  });
});
