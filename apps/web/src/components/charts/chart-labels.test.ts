import { describe, expect, it } from 'vitest';
import { axisTooltip, escapeHtml } from './chart-labels.ts';

describe('chart labels', () => {
  it('heads an axis tooltip with the full name of the category, not the short axis label', () => {
    const tooltip = axisTooltip(['Álgebra y funciones', 'Geometría'], (value) => `${value} %`);
    const html = tooltip([
      { dataIndex: 0, marker: '<span class="m"></span>', seriesName: 'Tu porcentaje', value: 62.5 },
      { dataIndex: 0, marker: '', seriesName: 'Todos los estudiantes', value: 55 },
    ]);
    expect(html).toBe(
      '<strong>Álgebra y funciones</strong><br/>' +
        '<span class="m"></span>Tu porcentaje: <strong>62.5 %</strong><br/>' +
        'Todos los estudiantes: <strong>55 %</strong>',
    );
  });

  it('escapes names written in the back office', () => {
    expect(escapeHtml(`<img src=x onerror="alert('x')">&`)).toBe(
      '&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;',
    );
    expect(axisTooltip(['<b>Tema</b>'])({ dataIndex: 0, seriesName: '<i>', value: 1 })).toBe(
      '<strong>&lt;b&gt;Tema&lt;/b&gt;</strong><br/>&lt;i&gt;: <strong>1</strong>',
    );
  });
});
