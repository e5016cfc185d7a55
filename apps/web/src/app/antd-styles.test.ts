import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANTD_COMPONENTS, antdComponentCss, LAYER_ORDER } from '../../build/antd-styles.ts';

const SRC = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('Ant Design static styles (build/antd-styles.ts)', () => {
  it('has a style entry for every Ant Design component the app imports', () => {
    const imported = new Set<string>();
    for (const file of sourceFiles(SRC)) {
      for (const [, dir] of readFileSync(file, 'utf8').matchAll(/from 'antd\/es\/([a-z-]+)/g))
        if (dir !== 'locale' && dir !== 'config-provider') imported.add(dir!);
    }
    expect([...imported].filter((dir) => !ANTD_COMPONENTS.includes(dir))).toEqual([]);
  });

  it('writes a component’s styles as plain CSS in the antd layer, links scoped to components', () => {
    const css = antdComponentCss('button');
    expect(css.startsWith(LAYER_ORDER)).toBe(true);
    expect(css).toContain('@layer antd{');
    expect(css).toContain('.ant-btn{');
    // No hash in class names, no bare `a` rule reaching the app's own links.
    expect(css).not.toMatch(/:where\(\.css-/);
    expect(css).not.toMatch(/(^|[{},])a[:{,.[\s]/);
    expect(css).not.toContain('data-ant-cssinjs-cache-path');
  });
});
