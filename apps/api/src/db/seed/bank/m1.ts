import type { BankQuestion, GeneratedQuestion, SubjectBank } from './types.ts';
import { distinctDistractors, gcd, generate, num, plain, rational, tex, themed } from './util.ts';

// Competencia Matemática M1: items generated from parametrised templates (fixed parameter lists,
// answers computed, distractors from typical mistakes) plus hand-written items. M1_GENERATED keeps
// each generated item with its parameters so the tests can recompute the key.

const NUMEROS = 'Números';
const ALGEBRA = 'Álgebra y funciones';
const GEOMETRIA = 'Geometría';
const PROBABILIDAD = 'Probabilidad y estadística';

const pesos = (value: number) => `${plain(value)} pesos`;

export const M1_GENERATED: GeneratedQuestion[] = [
  // Números
  ...generate(
    'descuento',
    NUMEROS,
    [
      { price: 24000, pct: 15 },
      { price: 36000, pct: 25 },
      { price: 18500, pct: 20 },
      { price: 52000, pct: 35 },
      { price: 9600, pct: 12.5 },
    ],
    ({ price, pct }) => {
      const pay = (price * (100 - pct)) / 100;
      const discount = (price * pct) / 100;
      return {
        statement: `Una chaqueta cuesta ${pesos(price)} y tiene un descuento del ${plain(pct)} %. ¿Cuánto se paga por ella?`,
        key: pesos(pay),
        distractors: distinctDistractors(
          pesos(pay),
          [pesos(discount), pesos((price * (100 + pct)) / 100), pesos(price - pct * 100)],
          3,
          [pesos(pay - 1000)],
        ),
        solution: `El descuento es el ${plain(pct)} % del precio: ${tex(`${num(price)} \\cdot \\frac{${num(pct)}}{100} = ${num(discount)}`)} pesos. Se paga ${tex(`${num(price)} - ${num(discount)} = ${num(pay)}`)} pesos, que equivale al ${plain(100 - pct)} % del precio. Responder ${pesos(discount)} es quedarse con el descuento y no con lo que se paga.`,
      };
    },
  ),
  ...generate(
    'fraccion-suma',
    NUMEROS,
    [
      { a: 2, b: 3, c: 1, d: 4 },
      { a: 3, b: 5, c: 1, d: 2 },
      { a: 5, b: 6, c: 3, d: 4 },
      { a: 1, b: 6, c: 4, d: 9 },
    ],
    ({ a, b, c, d }) => {
      const key = rational(a * d + b * c, b * d);
      return {
        statement: `¿Cuál es el resultado de ${tex(`\\frac{${a}}{${b}} + \\frac{${c}}{${d}}`)}?`,
        key,
        distractors: distinctDistractors(
          key,
          [rational(a + c, b + d), rational(a + c, b * d), rational(a * c, b * d)],
          3,
          [rational(a * d + b * c + 1, b * d)],
        ),
        solution: `Se amplifican las fracciones a un denominador común: ${tex(`\\frac{${a}}{${b}} + \\frac{${c}}{${d}} = \\frac{${a * d} + ${b * c}}{${b * d}} = \\frac{${a * d + b * c}}{${b * d}}`)}, que simplificada es ${key}. Sumar numeradores y denominadores por separado, ${rational(a + c, b + d)}, es el error más frecuente.`,
      };
    },
  ),
  ...generate(
    'proporcion-inversa',
    NUMEROS,
    [
      { workers: 6, days: 10, other: 4 },
      { workers: 8, days: 9, other: 12 },
      { workers: 5, days: 12, other: 3 },
      { workers: 9, days: 8, other: 6 },
    ],
    ({ workers, days, other }) => {
      const answer = (workers * days) / other;
      return {
        statement: `${workers} personas pintan un colegio en ${days} días. Si todas trabajan al mismo ritmo, ¿en cuántos días lo pintarían ${other} personas?`,
        key: tex(num(answer)),
        distractors: distinctDistractors(
          tex(num(answer)),
          [
            rational(days * other, workers),
            tex(num(days + workers - other)),
            tex(num(workers * days)),
          ],
          3,
          [tex(num(answer + 1)), tex(num(answer + 2))],
        ),
        solution: `Personas y días son inversamente proporcionales: su producto es constante, ${tex(`${workers} \\cdot ${days} = ${workers * days}`)}. Entonces los días son ${tex(`\\frac{${workers * days}}{${other}} = ${num(answer)}`)}. Plantearlo como proporción directa da ${rational(days * other, workers)}, que no tiene sentido: ${other > workers ? 'más personas no pueden tardar más' : 'menos personas no pueden tardar menos'}.`,
      };
    },
  ),
  ...generate(
    'potencias',
    NUMEROS,
    [
      { base: 2, m: 5, n: 3, k: 4 },
      { base: 3, m: 4, n: 2, k: 3 },
      { base: 5, m: 6, n: 2, k: 5 },
    ],
    ({ base, m, n, k }) => {
      const power = (e: number) => tex(`${base}^{${e}}`);
      const key = power(m + n - k);
      return {
        statement: `¿A qué es igual ${tex(`\\dfrac{${base}^{${m}} \\cdot ${base}^{${n}}}{${base}^{${k}}}`)}?`,
        key,
        distractors: distinctDistractors(
          key,
          [
            power(m * n - k),
            power(m + n + k),
            power((m * n) / k === Math.trunc((m * n) / k) ? (m * n) / k : m * n),
          ],
          3,
          [power(m + n)],
        ),
        solution: `Al multiplicar potencias de igual base se suman los exponentes y al dividir se restan: ${tex(`${base}^{${m} + ${n} - ${k}} = ${base}^{${m + n - k}}`)}. Multiplicar los exponentes del numerador (${power(m * n - k)}) es el error típico.`,
      };
    },
  ),

  // Álgebra y funciones
  ...generate(
    'ecuacion-lineal',
    ALGEBRA,
    [
      { a: 5, b: 3, c: 2, d: 18 },
      { a: 7, b: -4, c: 3, d: 16 },
      { a: 4, b: 9, c: 1, d: -3 },
      { a: 6, b: -5, c: 2, d: 11 },
      { a: 3, b: 14, c: 8, d: -1 },
      { a: 9, b: 2, c: 5, d: 30 },
      { a: 2, b: -7, c: 5, d: 8 },
    ],
    ({ a, b, c, d }) => {
      const x = (d - b) / (a - c);
      const sign = (v: number) => (v < 0 ? `- ${-v}` : `+ ${v}`);
      const coef = (v: number) => (v === 1 ? '' : `${v}`);
      const key = tex(num(x));
      return {
        statement: `¿Cuál es la solución de la ecuación ${tex(`${coef(a)}x ${sign(b)} = ${coef(c)}x ${sign(d)}`)}?`,
        key,
        distractors: distinctDistractors(
          key,
          [rational(d + b, a - c), rational(d - b, a + c), rational(b - d, a - c)],
          3,
          [tex(num(x + 1)), tex(num(x - 1)), tex(num(x + 2))],
        ),
        solution: `Se agrupan los términos con ${tex('x')} a un lado y los números al otro: ${tex(`${a}x - ${c}x = ${d < 0 ? `(${d})` : d} - ${b < 0 ? `(${b})` : b}`)}, es decir, ${tex(`${a - c}x = ${d - b}`)}, y entonces ${tex(`x = ${num(x)}`)}. Al trasladar ${tex(num(b))} al otro lado hay que cambiarle el signo; no hacerlo lleva a ${rational(d + b, a - c)}.`,
      };
    },
  ),
  ...generate(
    'evaluar-cuadratica',
    ALGEBRA,
    [
      { a: 2, b: -3, c: 1, x: -2 },
      { a: 1, b: 4, c: -5, x: -3 },
      { a: 3, b: -1, c: 2, x: -1 },
      { a: -1, b: 5, c: 6, x: -2 },
      { a: 2, b: 1, c: -4, x: -3 },
    ],
    ({ a, b, c, x }) => {
      const value = a * x * x + b * x + c;
      const key = tex(num(value));
      const f = `${a === 1 ? '' : a === -1 ? '-' : a}x^2 ${b < 0 ? `- ${-b === 1 ? '' : -b}` : `+ ${b === 1 ? '' : b}`}x ${c < 0 ? `- ${-c}` : `+ ${c}`}`;
      return {
        statement: `Si ${tex(`f(x) = ${f}`)}, ¿cuál es el valor de ${tex(`f(${x})`)}?`,
        key,
        distractors: distinctDistractors(
          key,
          [
            tex(num(-a * x * x + b * x + c)),
            tex(num(a * 2 * x + b * x + c)),
            tex(num(a * x * x - b * x + c)),
          ],
          3,
          [tex(num(value + 2)), tex(num(value - 2))],
        ),
        solution: `Se reemplaza ${tex(`x = ${x}`)}: ${tex(`f(${x}) = ${a} \\cdot (${x})^2 + ${b < 0 ? `(${b})` : b} \\cdot (${x}) + ${c < 0 ? `(${c})` : c} = ${a * x * x} ${b * x < 0 ? `- ${-b * x}` : `+ ${b * x}`} ${c < 0 ? `- ${-c}` : `+ ${c}`} = ${value}`)}. El error típico es calcular ${tex(`(${x})^2`)} como ${tex(num(-x * x))} (olvidar que el cuadrado de un negativo es positivo) o como ${tex(num(2 * x))}.`,
      };
    },
  ),
  ...generate(
    'pendiente',
    ALGEBRA,
    [
      { x1: 1, y1: 2, x2: 4, y2: 11 },
      { x1: -2, y1: 5, x2: 2, y2: -3 },
      { x1: 0, y1: -1, x2: 6, y2: 3 },
      { x1: 3, y1: 7, x2: -1, y2: 4 },
      { x1: -4, y1: -2, x2: 1, y2: 8 },
    ],
    ({ x1, y1, x2, y2 }) => {
      const key = rational(y2 - y1, x2 - x1);
      return {
        statement: `¿Cuál es la pendiente de la recta que pasa por los puntos ${tex(`(${x1}, ${y1})`)} y ${tex(`(${x2}, ${y2})`)}?`,
        key,
        distractors: distinctDistractors(
          key,
          [rational(x2 - x1, y2 - y1), rational(y1 - y2, x2 - x1), rational(y2 + y1, x2 + x1 || 1)],
          3,
          [rational(y2 - y1 + 1, x2 - x1)],
        ),
        solution: `La pendiente es ${tex(`m = \\frac{y_2 - y_1}{x_2 - x_1} = \\frac{${y2} - ${y1 < 0 ? `(${y1})` : y1}}{${x2} - ${x1 < 0 ? `(${x1})` : x1}} = \\frac{${y2 - y1}}{${x2 - x1}}`)}, es decir, ${key}. Invertir el cociente (variación de ${tex('x')} sobre variación de ${tex('y')}) da ${rational(x2 - x1, y2 - y1)}, que es un error frecuente.`,
      };
    },
  ),
  ...generate(
    'sistema',
    ALGEBRA,
    [
      { sum: 17, diff: 5 },
      { sum: 30, diff: 8 },
      { sum: 12, diff: -4 },
      { sum: 25, diff: 11 },
    ],
    ({ sum, diff }) => {
      const x = (sum + diff) / 2;
      const y = (sum - diff) / 2;
      const key = tex(num(x));
      return {
        statement: `Si ${tex(`x + y = ${sum}`)} y ${tex(`x - y = ${diff}`)}, ¿cuál es el valor de ${tex('x')}?`,
        key,
        distractors: distinctDistractors(
          key,
          [tex(num(y)), tex(num(sum + diff)), tex(num(sum - diff))],
          3,
          [tex(num(x + 1)), tex(num(x - 1))],
        ),
        solution: `Sumando las dos ecuaciones se elimina ${tex('y')}: ${tex(`2x = ${sum} + ${diff < 0 ? `(${diff})` : diff} = ${sum + diff}`)}, así que ${tex(`x = ${x}`)} (y ${tex(`y = ${y}`)}). Responder ${tex(num(sum + diff))} es olvidar dividir por 2, y ${tex(num(y))} es el valor de ${tex('y')}, no de ${tex('x')}.`,
      };
    },
  ),
  ...generate(
    'costo-afin',
    ALGEBRA,
    [
      { fixed: 1500, unit: 800, n: 12 },
      { fixed: 2500, unit: 650, n: 20 },
      { fixed: 4000, unit: 1200, n: 15 },
      { fixed: 900, unit: 350, n: 30 },
    ],
    ({ fixed, unit, n }) => {
      const total = fixed + unit * n;
      return {
        statement: `Una imprenta cobra un cargo fijo de ${pesos(fixed)} más ${pesos(unit)} por cada afiche. Si ${tex('C(n)')} es el costo de ${tex('n')} afiches, ¿cuánto cuestan ${n} afiches?`,
        key: pesos(total),
        distractors: distinctDistractors(
          pesos(total),
          [pesos((fixed + unit) * n), pesos(unit * n), pesos(fixed * n + unit)],
          3,
          [pesos(total + unit)],
        ),
        solution: `El costo es una función afín: ${tex(`C(n) = ${num(fixed)} + ${num(unit)}n`)}. Para ${tex(`n = ${n}`)}: ${tex(`C(${n}) = ${num(fixed)} + ${num(unit)} \\cdot ${n} = ${num(total)}`)} pesos. Multiplicar también el cargo fijo por ${n} da ${pesos((fixed + unit) * n)}, pero ese cargo se cobra una sola vez.`,
      };
    },
  ),

  // Geometría
  ...generate(
    'pitagoras',
    GEOMETRIA,
    [
      { a: 6, b: 8 },
      { a: 5, b: 12 },
      { a: 9, b: 12 },
      { a: 8, b: 15 },
    ],
    ({ a, b }) => {
      const c = Math.sqrt(a * a + b * b);
      const key = `${tex(num(c))} cm`;
      return {
        statement: `Los catetos de un triángulo rectángulo miden ${a} cm y ${b} cm. ¿Cuánto mide su hipotenusa?`,
        key,
        distractors: distinctDistractors(
          key,
          [
            `${tex(num(a + b))} cm`,
            `${tex(num(a * a + b * b))} cm`,
            `${tex(`\\sqrt{${b * b - a * a}}`)} cm`,
          ],
          3,
          [`${tex(num(c + 1))} cm`],
        ),
        solution: `Por el teorema de Pitágoras, ${tex(`c^2 = ${a}^2 + ${b}^2 = ${a * a} + ${b * b} = ${a * a + b * b}`)}, así que ${tex(`c = \\sqrt{${a * a + b * b}} = ${c}`)} cm. Sumar los catetos (${a + b} cm) no es válido, y ${a * a + b * b} es ${tex('c^2')}, antes de sacar la raíz.`,
      };
    },
  ),
  ...generate(
    'rectangulo',
    GEOMETRIA,
    [
      { area: 48, side: 6 },
      { area: 72, side: 9 },
      { area: 60, side: 5 },
    ],
    ({ area, side }) => {
      const other = area / side;
      const perimeter = 2 * (side + other);
      const key = `${tex(num(perimeter))} cm`;
      return {
        statement: `Un rectángulo tiene un área de ${tex(`${area}\\ \\text{cm}^2`)} y uno de sus lados mide ${side} cm. ¿Cuál es su perímetro?`,
        key,
        distractors: distinctDistractors(
          key,
          [`${tex(num(side + other))} cm`, `${tex(num(4 * side))} cm`, `${tex(num(area / 2))} cm`],
          3,
          [
            `${tex(num(perimeter + 2))} cm`,
            `${tex(num(perimeter - 2))} cm`,
            `${tex(num(perimeter + 4))} cm`,
          ],
        ),
        solution: `El otro lado mide ${tex(`\\frac{${area}}{${side}} = ${other}`)} cm. El perímetro es la suma de los cuatro lados: ${tex(`2 \\cdot (${side} + ${other}) = ${perimeter}`)} cm. Sumar solo dos lados (${side + other} cm) es el error más común.`,
      };
    },
  ),
  ...generate('circulo-area', GEOMETRIA, [{ r: 3 }, { r: 5 }, { r: 7 }], ({ r }) => {
    const key = `${tex(`${r * r}\\pi`)} cm²`;
    return {
      statement: `¿Cuál es el área de un círculo de radio ${r} cm?`,
      key,
      distractors: distinctDistractors(
        key,
        [`${tex(`${2 * r}\\pi`)} cm²`, `${tex(`${4 * r * r}\\pi`)} cm²`, `${tex(`${r}\\pi`)} cm²`],
        3,
        [],
      ),
      solution: `El área del círculo es ${tex(`A = \\pi r^2 = \\pi \\cdot ${r}^2 = ${r * r}\\pi`)} cm². ${tex(`${2 * r}\\pi`)} es el perímetro (${tex('2\\pi r')}), y ${tex(`${4 * r * r}\\pi`)} resulta de usar el diámetro en lugar del radio.`,
    };
  }),
  ...generate(
    'volumen-caja',
    GEOMETRIA,
    [
      { l: 4, w: 3, h: 5 },
      { l: 6, w: 2, h: 7 },
      { l: 8, w: 5, h: 3 },
    ],
    ({ l, w, h }) => {
      const volume = l * w * h;
      const key = `${tex(num(volume))} cm³`;
      return {
        statement: `Una caja con forma de paralelepípedo recto mide ${l} cm de largo, ${w} cm de ancho y ${h} cm de alto. ¿Cuál es su volumen?`,
        key,
        distractors: distinctDistractors(
          key,
          [
            `${tex(num(2 * (l * w + l * h + w * h)))} cm³`,
            `${tex(num(l + w + h))} cm³`,
            `${tex(num(l * w))} cm³`,
          ],
          3,
          [`${tex(num(volume + 10))} cm³`],
        ),
        solution: `El volumen es largo por ancho por alto: ${tex(`${l} \\cdot ${w} \\cdot ${h} = ${volume}`)} cm³. El valor ${2 * (l * w + l * h + w * h)} corresponde al área total de las caras, que se mide en cm², no al volumen.`,
      };
    },
  ),

  // Probabilidad y estadística
  ...generate(
    'media',
    PROBABILIDAD,
    [
      { a: 4, b: 7, c: 5, d: 9, e: 12 },
      { a: 12, b: 15, c: 11, d: 18, e: 14 },
      { a: 3, b: 8, c: 8, d: 6, e: 10 },
      { a: 20, b: 25, c: 22, d: 31, e: 27 },
    ],
    (p) => {
      const values = [p.a, p.b, p.c, p.d, p.e];
      const sum = values.reduce((x, y) => x + y, 0);
      const mean = sum / 5;
      const median = [...values].sort((x, y) => x - y)[2]!;
      const key = tex(num(mean));
      return {
        statement: `Los puntajes de un estudiante en cinco pruebas de matemática de 40 puntos fueron ${values.join(', ')}. ¿Cuál es el promedio (media aritmética) de sus puntajes?`,
        key,
        distractors: distinctDistractors(
          key,
          [tex(num(median)), tex(num(sum / 4)), tex(num(sum))],
          3,
          [tex(num(mean + 1)), tex(num(mean - 1))],
        ),
        solution: `La media es la suma de los datos dividida por la cantidad de datos: ${tex(`\\frac{${values.join(' + ')}}{5} = \\frac{${sum}}{5} = ${num(mean)}`)}. ${tex(num(median))} es la mediana (el dato central al ordenarlos), otra medida distinta.`,
      };
    },
  ),
  ...generate(
    'mediana',
    PROBABILIDAD,
    [
      { a: 7, b: 3, c: 9, d: 4, e: 12, f: 6 },
      { a: 15, b: 10, c: 18, d: 11, e: 20, f: 13 },
      { a: 2, b: 9, c: 5, d: 8, e: 1, f: 6 },
    ],
    (p) => {
      const values = [p.a, p.b, p.c, p.d, p.e, p.f];
      const s = [...values].sort((x, y) => x - y);
      const median = (s[2]! + s[3]!) / 2;
      const key = tex(num(median));
      return {
        statement: `¿Cuál es la mediana del conjunto de datos ${tex(`\\{${values.join(',\\ ')}\\}`)}?`,
        key,
        distractors: distinctDistractors(
          key,
          [
            tex(num((values[2]! + values[3]!) / 2)),
            tex(num(values.reduce((x, y) => x + y, 0) / 6)),
            tex(num(s[2]!)),
            tex(num(s[3]!)),
          ],
          3,
          [tex(num(median + 1))],
        ),
        solution: `Primero se ordenan los datos: ${tex(s.join(',\\ '))}. Como son 6 datos, la mediana es el promedio de los dos centrales: ${tex(`\\frac{${s[2]} + ${s[3]}}{2} = ${num(median)}`)}. Tomar los datos centrales sin ordenar es el error típico.`,
      };
    },
  ),
  ...generate(
    'urna',
    PROBABILIDAD,
    [
      { red: 3, blue: 5, green: 2 },
      { red: 4, blue: 6, green: 5 },
      { red: 6, blue: 2, green: 4 },
      { red: 5, blue: 7, green: 8 },
    ],
    ({ red, blue, green }) => {
      const total = red + blue + green;
      const key = rational(red, total);
      return {
        statement: `Una bolsa contiene ${red} fichas rojas, ${blue} azules y ${green} verdes, todas del mismo tamaño. Si se saca una ficha al azar, ¿cuál es la probabilidad de que sea roja?`,
        key,
        distractors: distinctDistractors(
          key,
          [rational(red, blue + green), rational(blue + green, total), rational(1, 3)],
          3,
          [rational(red, total + 1)],
        ),
        solution: `Por la regla de Laplace, la probabilidad es casos favorables sobre casos posibles: ${tex(`\\frac{${red}}{${red} + ${blue} + ${green}} = \\frac{${red}}{${total}}`)}${gcd(red, total) > 1 ? `, que simplificada es ${key}` : ''}. Dividir por las fichas que no son rojas (${rational(red, blue + green)}) confunde probabilidad con razón entre colores.`,
      };
    },
  ),
  ...generate('dos-dados', PROBABILIDAD, [{ sum: 7 }, { sum: 9 }, { sum: 4 }], ({ sum }) => {
    const ways = 6 - Math.abs(7 - sum);
    const key = rational(ways, 36);
    return {
      statement: `Se lanzan dos dados comunes de seis caras. ¿Cuál es la probabilidad de que la suma de los puntos sea ${sum}?`,
      key,
      distractors: distinctDistractors(
        key,
        [rational(1, 11), rational(ways, 12), rational(1, 6 + Math.abs(7 - sum) + 1)],
        3,
        [rational(ways + 1, 36)],
      ),
      solution: `Hay ${tex('6 \\cdot 6 = 36')} resultados igualmente probables. Los que suman ${sum} son ${ways}: ${Array.from(
        { length: 6 },
        (_, i) => i + 1,
      )
        .filter((d) => sum - d >= 1 && sum - d <= 6)
        .map((d) => `(${d}, ${sum - d})`)
        .join(
          ', ',
        )}. La probabilidad es ${tex(`\\frac{${ways}}{36}`)}${gcd(ways, 36) > 1 ? ` = ${key}` : ''}. Pensar que las 11 sumas posibles (2 a 12) son igual de probables lleva al error ${rational(1, 11)}.`,
    };
  }),
];

const numeros = themed(NUMEROS);
const algebra = themed(ALGEBRA);
const geometria = themed(GEOMETRIA);
const probabilidad = themed(PROBABILIDAD);

const handWritten: BankQuestion[] = [
  numeros(
    `¿Cuál es el resultado de ${tex('8 - 3 \\cdot (4 - 6)^2')}?`,
    tex('-4'),
    [tex('20'), tex('-100'), tex('4')],
    `Primero el paréntesis: ${tex('4 - 6 = -2')}; luego la potencia: ${tex('(-2)^2 = 4')}; después la multiplicación: ${tex('3 \\cdot 4 = 12')}; y al final la resta: ${tex('8 - 12 = -4')}. Restar antes de multiplicar (${tex('5 \\cdot 4 = 20')}) ignora la prioridad de las operaciones.`,
  ),
  numeros(
    `¿Cuál de los siguientes números está entre ${tex('\\frac{1}{3}')} y ${tex('\\frac{1}{2}')}?`,
    tex('0{,}4'),
    [tex('0{,}3'), tex('0{,}55'), tex('0{,}25')],
    `Como decimales, ${tex('\\frac{1}{3} = 0{,}333\\ldots')} y ${tex('\\frac{1}{2} = 0{,}5')}. Solo ${tex('0{,}4')} cumple ${tex('0{,}333\\ldots \\lt 0{,}4 \\lt 0{,}5')}; ${tex('0{,}3')} es menor que un tercio aunque "parezca" cercano.`,
  ),
  numeros(
    `La distancia media entre la Tierra y el Sol es de aproximadamente 150.000.000 km. ¿Cómo se escribe esta cantidad en notación científica?`,
    tex('1{,}5 \\cdot 10^{8}') + ' km',
    [
      tex('15 \\cdot 10^{6}') + ' km',
      tex('1{,}5 \\cdot 10^{7}') + ' km',
      tex('1{,}5 \\cdot 10^{9}') + ' km',
    ],
    `En notación científica la parte decimal debe estar entre 1 y 10: ${tex('150.000.000 = 1{,}5 \\cdot 100.000.000 = 1{,}5 \\cdot 10^{8}')}. ${tex('15 \\cdot 10^{6}')} no vale la misma cantidad (es ${tex('1{,}5 \\cdot 10^{7}')}) y además 15 no está entre 1 y 10.`,
  ),
  algebra(
    `¿Cuál es la expresión factorizada de ${tex('x^2 - 9')}?`,
    tex('(x - 3)(x + 3)'),
    [tex('(x - 3)^2'), tex('(x - 9)(x + 1)'), tex('(x + 3)^2')],
    `Es una diferencia de cuadrados: ${tex('a^2 - b^2 = (a - b)(a + b)')} con ${tex('a = x')} y ${tex('b = 3')}. ${tex('(x - 3)^2 = x^2 - 6x + 9')}, que tiene un término central que ${tex('x^2 - 9')} no tiene.`,
  ),
  algebra(
    `El precio de un arriendo sube cada año en la misma cantidad. En 2024 era de 400.000 pesos y en 2026, de 440.000 pesos. Si la tendencia se mantiene, ¿cuál será el arriendo en 2029?`,
    '500.000 pesos',
    ['480.000 pesos', '520.000 pesos', '460.000 pesos'],
    `En dos años subió ${tex('40.000')} pesos, es decir, ${tex('20.000')} por año. De 2026 a 2029 hay 3 años: ${tex('440.000 + 3 \\cdot 20.000 = 500.000')} pesos. Suponer que sube 40.000 por año lleva a 560.000, y contar solo dos años da 480.000.`,
    { order: 'numeric' },
  ),
  algebra(
    `¿Cuál de las siguientes funciones tiene un gráfico que corta al eje ${tex('y')} en el punto ${tex('(0, -2)')} y es decreciente?`,
    tex('f(x) = -3x - 2'),
    [tex('f(x) = 3x - 2'), tex('f(x) = -2x + 3'), tex('f(x) = -3x + 2')],
    `En ${tex('f(x) = mx + n')}, el coeficiente de posición ${tex('n')} es el corte con el eje ${tex('y')} y la pendiente ${tex('m')} negativa indica que la función decrece. Solo ${tex('-3x - 2')} tiene ${tex('n = -2')} y ${tex('m \\lt 0')}; ${tex('3x - 2')} corta en el punto correcto, pero es creciente.`,
  ),
  algebra(
    `Si ${tex('3(x - 2) \\le 2x + 1')}, ¿cuál es el conjunto solución?`,
    tex('x \\le 7'),
    [tex('x \\ge 7'), tex('x \\le 3'), tex('x \\le -5')],
    `Se distribuye: ${tex('3x - 6 \\le 2x + 1')}. Luego ${tex('3x - 2x \\le 1 + 6')}, o sea ${tex('x \\le 7')}. El sentido de la desigualdad no cambia porque no se multiplicó ni dividió por un número negativo; por eso ${tex('x \\ge 7')} es incorrecto.`,
  ),
  geometria(
    `En un triángulo, dos ángulos interiores miden ${tex('48^\\circ')} y ${tex('75^\\circ')}. ¿Cuánto mide el tercer ángulo?`,
    tex('57^\\circ'),
    [tex('123^\\circ'), tex('237^\\circ'), tex('67^\\circ')],
    `Los ángulos interiores de un triángulo suman ${tex('180^\\circ')}: ${tex('180^\\circ - 48^\\circ - 75^\\circ = 57^\\circ')}. ${tex('123^\\circ')} es la suma de los dos ángulos dados (que corresponde al ángulo exterior del tercer vértice), no el tercer ángulo.`,
  ),
  geometria(
    `Un poste de 4 m de altura proyecta una sombra de 3 m. A la misma hora, un edificio cercano proyecta una sombra de 15 m. ¿Cuál es la altura del edificio?`,
    '20 m',
    ['11,25 m', '16 m', '45 m'],
    `Los triángulos formados por cada objeto y su sombra son semejantes, así que ${tex('\\frac{h}{15} = \\frac{4}{3}')} y ${tex('h = \\frac{4 \\cdot 15}{3} = 20')} m. Sumar la diferencia (${tex('15 + 1 = 16')}) no respeta la proporcionalidad, y ${tex('\\frac{3 \\cdot 15}{4} = 11{,}25')} invierte la razón.`,
    { order: 'numeric' },
  ),
  geometria(
    `Al punto ${tex('P(3, -2)')} se le aplica una reflexión respecto del eje ${tex('x')}. ¿Cuáles son las coordenadas de su imagen?`,
    tex('(3, 2)'),
    [tex('(-3, -2)'), tex('(-3, 2)'), tex('(-2, 3)')],
    `En una reflexión respecto del eje ${tex('x')} la abscisa se mantiene y la ordenada cambia de signo: ${tex('(x, y) \\mapsto (x, -y)')}. ${tex('(-3, -2)')} es la reflexión respecto del eje ${tex('y')}.`,
  ),
  probabilidad(
    `En un curso de 40 estudiantes, 24 practican algún deporte. Si se elige un estudiante al azar, ¿cuál es la probabilidad de que NO practique deporte?`,
    tex('0{,}4'),
    [tex('0{,}6'), tex('0{,}24'), tex('0{,}16')],
    `No practican deporte ${tex('40 - 24 = 16')} estudiantes, y ${tex('\\frac{16}{40} = 0{,}4')}. También se obtiene con el complemento: ${tex('1 - \\frac{24}{40} = 1 - 0{,}6 = 0{,}4')}. ${tex('0{,}6')} es la probabilidad de que sí practique.`,
  ),
  probabilidad(
    `En una encuesta, las edades de 5 personas son 18, 19, 20, 21 y 72 años. ¿Qué medida de tendencia central representa mejor la edad típica del grupo?`,
    'La mediana, porque no se ve afectada por el valor extremo 72',
    [
      'La media, porque siempre es la más representativa',
      'La moda, porque hay un valor que se repite',
      'El rango, porque considera todos los datos',
    ],
    `La media es ${tex('\\frac{150}{5} = 30')} años, mucho mayor que la edad de casi todo el grupo, porque el dato 72 la arrastra. La mediana, 20 años, no depende de los extremos. No hay moda (ningún valor se repite) y el rango es una medida de dispersión, no de tendencia central.`,
  ),
];

export const M1_BANK: SubjectBank = {
  subject: 'Competencia Matemática M1',
  contexts: [],
  questions: [...M1_GENERATED.map((item) => item.question), ...handWritten],
};
