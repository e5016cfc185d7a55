import fc from 'fast-check';

/**
 * Question files for the importer's robustness tests: garbage, GIFT and Moodle XML made of
 * fragments that parsers trip on, JSON values and JSON banks of the right shape with random content.
 */
export const questionFileText = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.string({ maxLength: 300, unit: 'binary' }),
  fc
    .array(
      fc.constantFrom(
        '::t::',
        '{',
        '}',
        '=',
        '~',
        '~%50%',
        '~%-50%',
        '####',
        '#',
        '->',
        '$CATEGORY: a/b',
        '[html]',
        '\\{',
        '\\}',
        '\\=',
        '//',
        '\n',
        '\n\n',
        'T',
        'TRUE',
        '\\(x\\)',
        '%',
        'texto ',
        '\\',
        '~%-x%',
        'FALSE',
      ),
      { maxLength: 40 },
    )
    .map((parts) => parts.join('')),
  fc
    .array(
      fc.constantFrom(
        '<quiz>',
        '</quiz>',
        '<question type="multichoice">',
        '<question type="truefalse">',
        '<question type="category">',
        '</question>',
        '<questiontext format="html"><text>',
        '</text></questiontext>',
        '<answer fraction="100">',
        '<answer fraction="x">',
        '</answer>',
        '<text>',
        '</text>',
        '<single>false</single>',
        '<![CDATA[<p>a</p>]]>',
        '<![CDATA[',
        ']]>',
        '&amp;',
        '&#0;',
        '&#xD800;',
        '&unknown;',
        'texto',
        '<category><text>$course$/top/Eje 1</text></category>',
      ),
      { maxLength: 40 },
    )
    .map((parts) => parts.join('')),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  fc
    .record({
      format: fc.constant('ensaya-bank'),
      version: fc.constant(1),
      subject: fc.record({ name: fc.string(), description: fc.constant(null) }),
      themes: fc.array(fc.record({ name: fc.string(), position: fc.integer() }), { maxLength: 2 }),
      contexts: fc.array(fc.record({ key: fc.string(), title: fc.string(), body: fc.string() }), {
        maxLength: 2,
      }),
      questions: fc.array(
        fc.record({
          theme: fc.string(),
          context: fc.option(fc.string()),
          statement: fc.string(),
          solution: fc.string(),
          is_multi_choice: fc.boolean(),
          url_source: fc.option(fc.webUrl()),
          is_active: fc.boolean(),
          choices: fc.array(fc.record({ body: fc.string(), is_correct: fc.boolean() }), {
            maxLength: 4,
          }),
        }),
        { maxLength: 3 },
      ),
    })
    .map((value) => JSON.stringify(value)),
);
