import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderTransitionTable } from './transitions-doc.js';

const doc = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../docs/ARCHITECTURE.md',
);

describe('docs/ARCHITECTURE.md', () => {
  it('shows the lifecycle table exactly as the code defines it', () => {
    const text = readFileSync(doc, 'utf8');
    const start = text.indexOf('<!-- lifecycle-table:start -->');
    const end = text.indexOf('<!-- lifecycle-table:end -->');
    expect(start, 'the markers of the table').toBeGreaterThan(-1);
    const shown = text.slice(start + '<!-- lifecycle-table:start -->'.length, end).trim();
    expect(shown).toBe(renderTransitionTable());
  });
});
