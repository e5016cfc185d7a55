import type { BankQuestion, GeneratedQuestion, SubjectBank } from './types.ts';
import { distinctDistractors, frac, generate, num, plain, rational, tex, themed } from './util.ts';

// Competencia Matemática M2: generated items (answers computed from fixed parameter lists) and
// hand-written items. Many items have five options, as some M2 items do. M2_GENERATED keeps the
// parameters of each generated item so the tests can recompute the key.

const NUMEROS = 'Números';
const ALGEBRA = 'Álgebra y funciones';
const GEOMETRIA = 'Geometría';
const PROBABILIDAD = 'Probabilidad y estadística';

const pesos = (value: number) => `${plain(value)} pesos`;

function choose(n: number, k: number): number {
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return Math.round(result);
}

function factorial(n: number): number {
  return n <= 1 ? 1 : n * factorial(n - 1);
}

export const M2_GENERATED: GeneratedQuestion[] = [
  // Números
  ...generate(
    'log-producto',
    NUMEROS,
    [
      { base: 2, m: 4, n: 8 },
      { base: 3, m: 9, n: 27 },
      { base: 10, m: 20, n: 50 },
      { base: 5, m: 25, n: 125 },
    ],
    ({ base, m, n }) => {
      const k = Math.round(Math.log(m * n) / Math.log(base));
      const key = tex(num(k));
      return {
        statement: `¿Cuál es el valor de ${tex(`\\log_{${base}} ${m} + \\log_{${base}} ${n}`)}?`,
        key,
        distractors: distinctDistractors(
          key,
          [tex(`\\log_{${base}} ${m + n}`), tex(num(m * n)), tex(num(k - 1)), tex(num(k + 1))],
          4,
          [tex(num(k + 2))],
        ),
        solution: `Por la propiedad del logaritmo de un producto, ${tex(`\\log_{${base}} ${m} + \\log_{${base}} ${n} = \\log_{${base}} (${m} \\cdot ${n}) = \\log_{${base}} ${m * n}`)}. Como ${tex(`${base}^{${k}} = ${m * n}`)}, el resultado es ${k}. Escribir ${tex(`\\log_{${base}} ${m + n}`)} confunde el producto con la suma.`,
      };
    },
  ),
  ...generate(
    'interes-compuesto',
    NUMEROS,
    [
      { capital: 1000000, rate: 10, years: 2 },
      { capital: 500000, rate: 4, years: 2 },
      { capital: 200000, rate: 10, years: 3 },
    ],
    ({ capital, rate, years }) => {
      const final = Math.round(capital * (1 + rate / 100) ** years);
      const simple = capital * (1 + (rate * years) / 100);
      return {
        statement: `Se depositan ${pesos(capital)} a una tasa de interés compuesto del ${rate} % anual. Sin retiros ni nuevos depósitos, ¿cuánto dinero habrá al cabo de ${years} años?`,
        key: pesos(final),
        distractors: distinctDistractors(
          pesos(final),
          [
            pesos(simple),
            pesos(capital * (rate / 100) * years),
            pesos(capital * (1 + rate / 100)),
            pesos(final + capital / 100),
          ],
          4,
          [],
        ),
        solution: `Con interés compuesto, cada año se gana interés también sobre los intereses anteriores: ${tex(`C_f = ${num(capital)} \\cdot (1 + ${num(rate / 100)})^{${years}} = ${num(final)}`)} pesos. Con interés simple se obtendrían ${pesos(simple)}, que es menos porque el interés se calcula siempre sobre el capital inicial.`,
      };
    },
  ),

  // Álgebra y funciones
  ...generate(
    'raices-cuadratica',
    ALGEBRA,
    [
      { r1: 2, r2: 5 },
      { r1: -3, r2: 4 },
      { r1: -1, r2: -6 },
      { r1: 3, r2: -7 },
      { r1: -2, r2: 8 },
    ],
    ({ r1, r2 }) => {
      const p = -(r1 + r2);
      const q = r1 * r2;
      const term = (v: number, x: string) =>
        v === 0 ? '' : `${v < 0 ? '-' : '+'} ${Math.abs(v) === 1 && x ? '' : Math.abs(v)}${x}`;
      const set = (a: number, b: number) =>
        tex(`x = ${Math.min(a, b)}\\ \\text{o}\\ x = ${Math.max(a, b)}`);
      const key = set(r1, r2);
      return {
        statement: `¿Cuáles son las soluciones de la ecuación ${tex(`x^2 ${term(p, 'x')} ${term(q, '')} = 0`)}?`,
        key,
        distractors: distinctDistractors(
          key,
          [set(-r1, -r2), set(r1, -r2), set(-r1, r2), set(1, q)],
          4,
          [set(r1 + 1, r2), set(r1, r2 + 1)],
        ),
        solution: `Se buscan dos números cuyo producto sea ${q} y cuya suma sea ${-p}: son ${r1} y ${r2}. Entonces ${tex(`x^2 ${term(p, 'x')} ${term(q, '')} = (x ${r1 < 0 ? '+' : '-'} ${Math.abs(r1)})(x ${r2 < 0 ? '+' : '-'} ${Math.abs(r2)})`)} y las soluciones son ${tex(`x = ${r1}`)} y ${tex(`x = ${r2}`)}. El error típico es tomar los números de los factores con su signo (${set(-r1, -r2)}).`,
      };
    },
  ),
  ...generate(
    'vertice',
    ALGEBRA,
    [
      { a: 1, h: 3, k: -4 },
      { a: 2, h: -1, k: 5 },
      { a: -1, h: 2, k: 7 },
      { a: 3, h: 1, k: -2 },
    ],
    ({ a, h, k }) => {
      const b = -2 * a * h;
      const c = a * h * h + k;
      const point = (x: number, y: number) => tex(`(${x}, ${y})`);
      const key = point(h, k);
      const lead = a === 1 ? '' : a === -1 ? '-' : `${a}`;
      return {
        statement: `¿Cuál es el vértice de la parábola ${tex(`f(x) = ${lead}x^2 ${b < 0 ? '-' : '+'} ${Math.abs(b)}x ${c < 0 ? '-' : '+'} ${Math.abs(c)}`)}?`,
        key,
        distractors: distinctDistractors(
          key,
          [point(-h, k), point(h, c), point(-h, a * h * h + 2 * b * h + c), point(k, h)],
          4,
          [point(h, k + 1)],
        ),
        solution: `La abscisa del vértice es ${tex(`x_v = -\\frac{b}{2a} = -\\frac{${b}}{${2 * a}} = ${h}`)} y la ordenada es ${tex(`f(${h}) = ${k}`)}. Olvidar el signo menos de la fórmula da ${tex(`x = ${-h}`)}, y ${point(h, c)} usa el corte con el eje ${tex('y')} como si fuera la ordenada del vértice.`,
      };
    },
  ),
  ...generate(
    'exponencial',
    ALGEBRA,
    [
      { initial: 500, period: 3, hours: 12 },
      { initial: 200, period: 2, hours: 10 },
      { initial: 1500, period: 4, hours: 12 },
      { initial: 800, period: 5, hours: 15 },
    ],
    ({ initial, period, hours }) => {
      const final = initial * 2 ** (hours / period);
      const key = tex(num(final));
      return {
        statement: `Una población de bacterias se duplica cada ${period} horas. Si al inicio hay ${plain(initial)} bacterias, ¿cuántas habrá al cabo de ${hours} horas?`,
        key,
        distractors: distinctDistractors(
          key,
          [
            tex(num(initial * 2 * (hours / period))),
            tex(num(initial * 2 ** hours)),
            tex(num(initial * (hours / period))),
            tex(num(final / 2)),
          ],
          4,
          [tex(num(final * 2))],
        ),
        solution: `En ${hours} horas hay ${tex(`\\frac{${hours}}{${period}} = ${hours / period}`)} periodos de duplicación, así que ${tex(`N = ${num(initial)} \\cdot 2^{${hours / period}} = ${num(final)}`)}. Multiplicar por ${tex(`2 \\cdot ${hours / period}`)} (${num(initial * 2 * (hours / period))}) trata el crecimiento como lineal, y no lo es.`,
      };
    },
  ),
  ...generate(
    'inecuacion',
    ALGEBRA,
    [
      { a: -3, b: 5, c: 20 },
      { a: -2, b: -4, c: 6 },
      { a: -5, b: 12, c: -3 },
      { a: 4, b: -6, c: 10 },
    ],
    ({ a, b, c }) => {
      const bound = (c - b) / a;
      const flip = a < 0;
      const sol = (op: string, v: number) => tex(`x ${op} ${num(v)}`);
      const key = sol(flip ? '\\gt' : '\\lt', bound);
      return {
        statement: `¿Cuál es el conjunto solución de la inecuación ${tex(`${a}x ${b < 0 ? '-' : '+'} ${Math.abs(b)} \\lt ${c}`)}?`,
        key,
        distractors: distinctDistractors(
          key,
          [
            sol(flip ? '\\lt' : '\\gt', bound),
            sol(flip ? '\\gt' : '\\lt', -bound),
            sol(flip ? '\\ge' : '\\le', bound),
            sol(flip ? '\\lt' : '\\gt', -bound),
          ],
          4,
          [sol('\\le', bound)],
        ),
        solution: `Se resta ${b < 0 ? `(${b})` : b} a ambos lados: ${tex(`${a}x \\lt ${c - b}`)}. Luego se divide por ${a}${flip ? ', que es negativo, por lo que el sentido de la desigualdad se invierte' : ', que es positivo, así que la desigualdad conserva su sentido'}: ${key}. ${flip ? 'Olvidar invertir la desigualdad al dividir por un negativo es el error más común.' : 'Invertir la desigualdad sin que haya división por un negativo es un error frecuente.'}`,
      };
    },
  ),

  // Geometría
  ...generate(
    'distancia',
    GEOMETRIA,
    [
      { x1: 1, y1: 2, x2: 4, y2: 6 },
      { x1: -2, y1: 3, x2: 10, y2: -2 },
      { x1: 0, y1: -5, x2: 8, y2: 1 },
      { x1: -3, y1: -4, x2: 5, y2: 11 },
    ],
    ({ x1, y1, x2, y2 }) => {
      const dx = x2 - x1;
      const dy = y2 - y1;
      const d = Math.sqrt(dx * dx + dy * dy);
      const key = tex(num(d));
      return {
        statement: `¿Cuál es la distancia entre los puntos ${tex(`A(${x1}, ${y1})`)} y ${tex(`B(${x2}, ${y2})`)}?`,
        key,
        distractors: distinctDistractors(
          key,
          [
            tex(num(Math.abs(dx) + Math.abs(dy))),
            tex(num(dx * dx + dy * dy)),
            tex(`\\sqrt{${Math.abs(dx * dx - dy * dy)}}`),
            tex(num(d + 1)),
          ],
          4,
          [tex(num(d + 2))],
        ),
        solution: `${tex(`d = \\sqrt{(x_2 - x_1)^2 + (y_2 - y_1)^2} = \\sqrt{${dx}^2 + ${dy < 0 ? `(${dy})` : dy}^2} = \\sqrt{${dx * dx + dy * dy}} = ${num(d)}`)}. Sumar las diferencias de coordenadas (${Math.abs(dx) + Math.abs(dy)}) mide un camino en "escalera", no la distancia en línea recta.`,
      };
    },
  ),
  ...generate(
    'homotecia-area',
    GEOMETRIA,
    [
      { area: 12, k: 3 },
      { area: 20, k: 2 },
      { area: 45, k: 0.5 },
      { area: 8, k: -2 },
    ],
    ({ area, k }) => {
      const image = area * k * k;
      const key = `${tex(num(image))} cm²`;
      return {
        statement: `Un triángulo tiene un área de ${tex(`${area}\\ \\text{cm}^2`)}. Se le aplica una homotecia de razón ${tex(num(k))}. ¿Cuál es el área del triángulo imagen?`,
        key,
        distractors: distinctDistractors(
          key,
          [
            `${tex(num(area * Math.abs(k)))} cm²`,
            `${tex(num(area * k))} cm²`,
            `${tex(num(area + k))} cm²`,
            `${tex(num(area * Math.abs(k) ** 3))} cm²`,
          ],
          4,
          [
            `${tex(num(image * 2))} cm²`,
            `${tex(num(image + area))} cm²`,
            `${tex(num(image + 2 * area))} cm²`,
          ],
        ),
        solution: `En una homotecia de razón ${tex('k')}, las longitudes se multiplican por ${tex('|k|')} y las áreas por ${tex('k^2')}: ${tex(`${area} \\cdot (${num(k)})^2 = ${num(image)}`)} cm². Multiplicar el área solo por ${tex(num(Math.abs(k)))} es aplicar la razón de las longitudes a una superficie.${k < 0 ? ' El signo negativo de la razón invierte la figura respecto del centro, pero no cambia su área.' : ''}`,
      };
    },
  ),
  ...generate(
    'cilindro',
    GEOMETRIA,
    [
      { r: 3, h: 10 },
      { r: 5, h: 4 },
      { r: 2, h: 9 },
    ],
    ({ r, h }) => {
      const key = `${tex(`${r * r * h}\\pi`)} cm³`;
      return {
        statement: `¿Cuál es el volumen de un cilindro de radio ${r} cm y altura ${h} cm?`,
        key,
        distractors: distinctDistractors(
          key,
          [
            `${tex(`${2 * r * h}\\pi`)} cm³`,
            `${tex(`${frac(r * r * h, 3)}\\pi`)} cm³`,
            `${tex(`${4 * r * r * h}\\pi`)} cm³`,
            `${tex(`${r * h}\\pi`)} cm³`,
          ],
          4,
          [`${tex(`${r * r}\\pi`)} cm³`, `${tex(`${2 * r * r * h}\\pi`)} cm³`],
        ),
        solution: `El volumen del cilindro es el área de la base por la altura: ${tex(`V = \\pi r^2 h = \\pi \\cdot ${r}^2 \\cdot ${h} = ${r * r * h}\\pi`)} cm³. ${tex(`${2 * r * h}\\pi`)} es el área lateral (${tex('2\\pi r h')}) y dividir por 3 correspondería a un cono.`,
      };
    },
  ),

  // Probabilidad y estadística
  ...generate(
    'combinaciones',
    PROBABILIDAD,
    [
      { n: 8, k: 3 },
      { n: 10, k: 2 },
      { n: 6, k: 4 },
      { n: 12, k: 3 },
    ],
    ({ n, k }) => {
      const c = choose(n, k);
      const v = c * factorial(k);
      const key = tex(num(c));
      return {
        statement: `De un grupo de ${n} estudiantes se quiere formar una comisión de ${k} integrantes, sin cargos distintos. ¿Cuántas comisiones diferentes se pueden formar?`,
        key,
        distractors: distinctDistractors(
          key,
          [tex(num(v)), tex(num(n * k)), tex(num(n ** k)), tex(num(choose(n, k - 1)))],
          4,
          [tex(num(c + n))],
        ),
        solution: `Como el orden no importa, se cuentan combinaciones: ${tex(`\\binom{${n}}{${k}} = \\frac{${n}!}{${k}!\\,${n - k}!} = ${c}`)}. Si se contara el orden (por ejemplo, con presidente, secretario y tesorero) serían variaciones, ${tex(num(v))}, por eso ese número es mayor.`,
      };
    },
  ),
  ...generate('permutaciones', PROBABILIDAD, [{ n: 5 }, { n: 6 }, { n: 4 }], ({ n }) => {
    const p = factorial(n);
    const key = tex(num(p));
    return {
      statement: `¿De cuántas maneras distintas se pueden ordenar ${n} libros diferentes en una repisa?`,
      key,
      distractors: distinctDistractors(
        key,
        [tex(num(n * n)), tex(num(n ** n)), tex(num(factorial(n - 1))), tex(num(2 * n))],
        4,
        [tex(num(p + n))],
      ),
      solution: `Para el primer lugar hay ${n} opciones, para el segundo ${n - 1}, y así sucesivamente: ${tex(`${n}! = ${Array.from({ length: n }, (_, i) => n - i).join(' \\cdot ')} = ${p}`)}. ${tex(num(n ** n))} permitiría repetir el mismo libro en varios lugares.`,
    };
  }),
  ...generate(
    'binomial',
    PROBABILIDAD,
    [
      { n: 4, k: 2 },
      { n: 5, k: 3 },
      { n: 6, k: 1 },
    ],
    ({ n, k }) => {
      const key = rational(choose(n, k), 2 ** n);
      return {
        statement: `Se lanza una moneda equilibrada ${n} veces. ¿Cuál es la probabilidad de obtener exactamente ${k} ${k === 1 ? 'cara' : 'caras'}?`,
        key,
        distractors: distinctDistractors(
          key,
          [rational(1, 2 ** n), rational(k, n), rational(1, 2), rational(k, 2 ** n)],
          4,
          [rational(1, n + 1)],
        ),
        solution: `Cada secuencia de ${n} lanzamientos tiene probabilidad ${tex(`\\left(\\frac{1}{2}\\right)^{${n}} = \\frac{1}{${2 ** n}}`)}, y hay ${tex(`\\binom{${n}}{${k}} = ${choose(n, k)}`)} secuencias con exactamente ${k} ${k === 1 ? 'cara' : 'caras'}. La probabilidad es ${tex(`\\frac{${choose(n, k)}}{${2 ** n}}`)}, es decir, ${key}. ${rational(1, 2 ** n)} es la probabilidad de una sola de esas secuencias.`,
      };
    },
  ),
];

const numeros = themed(NUMEROS);
const algebra = themed(ALGEBRA);
const geometria = themed(GEOMETRIA);
const probabilidad = themed(PROBABILIDAD);

const handWritten: BankQuestion[] = [
  numeros(
    `¿Cuál de las siguientes expresiones es equivalente a ${tex('\\frac{6}{\\sqrt{3}}')}?`,
    tex('2\\sqrt{3}'),
    [tex('\\sqrt{2}'), tex('3\\sqrt{2}'), tex('6\\sqrt{3}'), tex('\\frac{\\sqrt{3}}{2}')],
    `Se racionaliza multiplicando numerador y denominador por ${tex('\\sqrt{3}')}: ${tex('\\frac{6}{\\sqrt{3}} \\cdot \\frac{\\sqrt{3}}{\\sqrt{3}} = \\frac{6\\sqrt{3}}{3} = 2\\sqrt{3}')}. Olvidar dividir por 3 deja ${tex('6\\sqrt{3}')}, que es tres veces mayor.`,
  ),
  numeros(
    `¿Cuál de los siguientes números es irracional?`,
    tex('\\sqrt{8}'),
    [tex('\\sqrt{49}'), tex('0{,}\\overline{3}'), tex('\\frac{22}{7}'), tex('\\sqrt[3]{27}')],
    `${tex('\\sqrt{8} = 2\\sqrt{2}')} no se puede escribir como cociente de enteros, porque 8 no es un cuadrado perfecto. ${tex('\\sqrt{49} = 7')}, ${tex('\\sqrt[3]{27} = 3')}, ${tex('0{,}\\overline{3} = \\frac{1}{3}')} y ${tex('\\frac{22}{7}')} son racionales; este último solo aproxima a ${tex('\\pi')}.`,
  ),
  numeros(
    `Si ${tex('\\log 2 \\approx 0{,}30')}, ¿cuál es el valor aproximado de ${tex('\\log 8')}?`,
    tex('0{,}90'),
    [tex('2{,}40'), tex('0{,}60'), tex('0{,}09'), tex('1{,}20')],
    `Como ${tex('8 = 2^3')}, ${tex('\\log 8 = 3 \\log 2 \\approx 3 \\cdot 0{,}30 = 0{,}90')}. Multiplicar ${tex('0{,}30')} por 8 (2,40) confunde el exponente con la base, y ${tex('0{,}09 = 0{,}30^2')} no corresponde a ninguna propiedad.`,
    { order: 'numeric' },
  ),
  algebra(
    `Si ${tex('f(x) = 2x - 5')}, ¿cuál es su función inversa ${tex('f^{-1}(x)')}?`,
    tex('f^{-1}(x) = \\frac{x + 5}{2}'),
    [
      tex('f^{-1}(x) = \\frac{1}{2x - 5}'),
      tex('f^{-1}(x) = \\frac{x - 5}{2}'),
      tex('f^{-1}(x) = 2x + 5'),
      tex('f^{-1}(x) = -2x + 5'),
    ],
    `Se despeja ${tex('x')} en ${tex('y = 2x - 5')}: ${tex('x = \\frac{y + 5}{2}')}, y se intercambian las variables. Comprobación: ${tex('f(f^{-1}(x)) = 2 \\cdot \\frac{x + 5}{2} - 5 = x')}. ${tex('\\frac{1}{2x - 5}')} es el recíproco de ${tex('f(x)')}, no su inversa.`,
  ),
  algebra(
    `Si ${tex('f(x) = x^2 + 1')} y ${tex('g(x) = 3x - 2')}, ¿cuál es el valor de ${tex('(f \\circ g)(2)')}?`,
    tex('17'),
    [tex('13'), tex('5'), tex('11'), tex('25')],
    `Primero se evalúa ${tex('g(2) = 3 \\cdot 2 - 2 = 4')} y luego ${tex('f(4) = 4^2 + 1 = 17')}. Aplicar las funciones en el orden contrario da ${tex('g(f(2)) = g(5) = 13')}.`,
    { order: 'numeric' },
  ),
  algebra(
    `¿Para qué valor de ${tex('k')} el sistema ${tex('\\begin{cases} 2x + 3y = 7 \\\\ 4x + ky = 1 \\end{cases}')} no tiene solución?`,
    tex('k = 6'),
    [tex('k = 3'), tex('k = -6'), tex('k = 2'), tex('k = 14')],
    `El sistema no tiene solución cuando las rectas son paralelas y distintas: coeficientes proporcionales (${tex('\\frac{2}{4} = \\frac{3}{k}')}, o sea ${tex('k = 6')}) pero términos libres no proporcionales (${tex('\\frac{7}{1} \\ne \\frac{1}{2}')}). Con ${tex('k = 6')} se cumple; con otros valores las rectas se cortan en un punto.`,
  ),
  algebra(
    `¿Cuál es el dominio de la función ${tex('f(x) = \\sqrt{x - 4}')} en los números reales?`,
    tex('x \\ge 4'),
    [tex('x \\gt 4'), tex('x \\ge -4'), tex('x \\le 4'), tex('\\text{todos los reales}')],
    `La raíz cuadrada real exige que el radicando no sea negativo: ${tex('x - 4 \\ge 0')}, es decir, ${tex('x \\ge 4')}. El 4 sí pertenece al dominio porque ${tex('\\sqrt{0} = 0')}; por eso ${tex('x \\gt 4')} es incorrecto.`,
  ),
  geometria(
    `En un triángulo rectángulo, la hipotenusa mide 10 cm y uno de sus ángulos agudos mide ${tex('30^\\circ')}. ¿Cuánto mide el cateto opuesto a ese ángulo?`,
    '5 cm',
    [
      `${tex('5\\sqrt{3}')} cm`,
      `${tex('10\\sqrt{3}')} cm`,
      '20 cm',
      `${tex('\\frac{10}{\\sqrt{3}}')} cm`,
    ],
    `${tex('\\operatorname{sen} 30^\\circ = \\frac{\\text{cateto opuesto}}{\\text{hipotenusa}}')}, así que el cateto opuesto es ${tex('10 \\cdot \\frac{1}{2} = 5')} cm. ${tex('5\\sqrt{3}')} cm es el cateto adyacente, que se obtiene con el coseno.`,
  ),
  geometria(
    `Dados los vectores ${tex('\\vec{u} = (3, -1)')} y ${tex('\\vec{v} = (-2, 4)')}, ¿cuál es el vector ${tex('2\\vec{u} + \\vec{v}')}?`,
    tex('(4, 2)'),
    [tex('(1, 3)'), tex('(2, 6)'), tex('(8, -6)'), tex('(4, -2)')],
    `${tex('2\\vec{u} = (6, -2)')}; sumando componente a componente, ${tex('(6 + (-2),\\ -2 + 4) = (4, 2)')}. ${tex('(1, 3)')} es ${tex('\\vec{u} + \\vec{v}')}, olvidando multiplicar ${tex('\\vec{u}')} por 2.`,
  ),
  geometria(
    `¿Cuál es el punto medio del segmento de extremos ${tex('A(-4, 7)')} y ${tex('B(6, -1)')}?`,
    tex('(1, 3)'),
    [tex('(5, -4)'), tex('(2, 6)'), tex('(10, -8)'), tex('(-1, 3)')],
    `El punto medio promedia las coordenadas: ${tex('\\left(\\frac{-4 + 6}{2}, \\frac{7 + (-1)}{2}\\right) = (1, 3)')}. ${tex('(2, 6)')} es la suma sin dividir por 2, y ${tex('(5, -4)')} es la mitad de la diferencia ${tex('B - A')}.`,
  ),
  geometria(
    `¿Cuál es el volumen de un cono de radio 3 cm y altura 8 cm?`,
    `${tex('24\\pi')} cm³`,
    [`${tex('72\\pi')} cm³`, `${tex('8\\pi')} cm³`, `${tex('48\\pi')} cm³`, `${tex('12\\pi')} cm³`],
    `${tex('V = \\frac{1}{3}\\pi r^2 h = \\frac{1}{3}\\pi \\cdot 9 \\cdot 8 = 24\\pi')} cm³. ${tex('72\\pi')} cm³ es el volumen del cilindro de igual base y altura; el cono tiene exactamente un tercio.`,
  ),
  geometria(
    `¿Cuál es la ecuación de la recta que pasa por el punto ${tex('(2, 1)')} y es paralela a la recta ${tex('y = 3x - 4')}?`,
    tex('y = 3x - 5'),
    [
      tex('y = 3x + 1'),
      tex('y = -\\frac{1}{3}x + \\frac{5}{3}'),
      tex('y = 3x - 4'),
      tex('y = 2x - 3'),
    ],
    `Una recta paralela tiene la misma pendiente, 3: ${tex('y = 3x + n')}. Como pasa por ${tex('(2, 1)')}, ${tex('1 = 6 + n')} y ${tex('n = -5')}. La recta con pendiente ${tex('-\\frac{1}{3}')} sería perpendicular, no paralela.`,
  ),
  geometria(
    `¿Cuál es el área de la superficie de una esfera de radio 3 cm?`,
    `${tex('36\\pi')} cm²`,
    [
      `${tex('12\\pi')} cm²`,
      `${tex('9\\pi')} cm²`,
      `${tex('108\\pi')} cm²`,
      `${tex('27\\pi')} cm²`,
    ],
    `El área de la esfera es ${tex('4\\pi r^2 = 4\\pi \\cdot 9 = 36\\pi')} cm². ${tex('9\\pi')} cm² es el área de un círculo máximo (un cuarto de la superficie) y el volumen, ${tex('\\frac{4}{3}\\pi r^3 = 36\\pi')} cm³, coincide numéricamente aquí, pero se mide en cm³.`,
  ),
  probabilidad(
    `En un curso, el 60 % de los estudiantes practica deporte y, de ellos, el 25 % también toca un instrumento. Si se elige un estudiante al azar, ¿cuál es la probabilidad de que practique deporte y toque un instrumento?`,
    tex('0{,}15'),
    [tex('0{,}85'), tex('0{,}35'), tex('0{,}25'), tex('0{,}60')],
    `Por la regla del producto, ${tex('P(D \\cap I) = P(D) \\cdot P(I \\mid D) = 0{,}60 \\cdot 0{,}25 = 0{,}15')}. ${tex('0{,}25')} es la probabilidad condicional (tocar un instrumento sabiendo que practica deporte), no la de ambos sucesos.`,
    { order: 'numeric' },
  ),
  probabilidad(
    `Los conjuntos A = {4, 5, 6} y B = {1, 5, 9} tienen la misma media. ¿Qué se puede afirmar de sus desviaciones estándar?`,
    'La de B es mayor, porque sus datos están más alejados de la media',
    [
      'Son iguales, porque las medias son iguales',
      'La de A es mayor, porque sus datos son mayores',
      'Ambas son cero, porque la media es 5',
      'No se pueden comparar sin conocer la moda',
    ],
    `Ambas medias son 5, pero en A los datos se alejan a lo más 1 unidad de la media y en B hasta 4 unidades. La desviación estándar mide esa dispersión, así que la de B es mayor. Tener igual media no implica igual dispersión.`,
  ),
  probabilidad(
    `Una urna tiene 3 bolitas blancas y 2 negras. Se sacan dos bolitas al azar, una tras otra y sin reposición. ¿Cuál es la probabilidad de que ambas sean blancas?`,
    tex('\\frac{3}{10}'),
    [tex('\\frac{9}{25}'), tex('\\frac{3}{5}'), tex('\\frac{6}{25}'), tex('\\frac{1}{2}')],
    `La primera es blanca con probabilidad ${tex('\\frac{3}{5}')}; si lo fue, quedan 2 blancas de 4 bolitas, así que la segunda es blanca con probabilidad ${tex('\\frac{2}{4}')}. Entonces ${tex('\\frac{3}{5} \\cdot \\frac{2}{4} = \\frac{6}{20} = \\frac{3}{10}')}. ${tex('\\frac{9}{25}')} correspondería a extracciones con reposición.`,
  ),
  probabilidad(
    `En un juego se lanza un dado común: si sale 6 se ganan 10 puntos y en cualquier otro caso se pierden 2 puntos. ¿Cuál es el valor esperado de puntos por lanzamiento?`,
    tex('0'),
    [tex('8'), tex('\\frac{5}{3}'), tex('-\\frac{5}{3}'), tex('4')],
    `${tex('E = 10 \\cdot \\frac{1}{6} + (-2) \\cdot \\frac{5}{6} = \\frac{10}{6} - \\frac{10}{6} = 0')}: a la larga el juego no favorece ni perjudica. Sumar ganancia y pérdida (${tex('10 - 2 = 8')}) ignora que tienen probabilidades distintas.`,
  ),
  probabilidad(
    `La siguiente tabla muestra cuántos estudiantes de un liceo prefieren cada deporte, según su nivel. <table><thead><tr><th></th><th>Fútbol</th><th>Básquetbol</th></tr></thead><tbody><tr><td>Primero medio</td><td>30</td><td>20</td></tr><tr><td>Cuarto medio</td><td>25</td><td>25</td></tr></tbody></table> Si se elige al azar un estudiante que prefiere básquetbol, ¿cuál es la probabilidad de que sea de primero medio?`,
    tex('\\frac{4}{9}'),
    [tex('\\frac{1}{5}'), tex('\\frac{2}{5}'), tex('\\frac{20}{50}'), tex('\\frac{5}{9}')],
    `Es una probabilidad condicional: el espacio se reduce a los ${tex('20 + 25 = 45')} estudiantes que prefieren básquetbol, de los cuales 20 son de primero medio: ${tex('\\frac{20}{45} = \\frac{4}{9}')}. ${tex('\\frac{20}{100} = \\frac{1}{5}')} usa a todos los estudiantes como total, y ${tex('\\frac{20}{50}')} usa solo a los de primero medio.`,
  ),
];

export const M2_BANK: SubjectBank = {
  subject: 'Competencia Matemática M2',
  contexts: [],
  questions: [...M2_GENERATED.map((item) => item.question), ...handWritten],
};
