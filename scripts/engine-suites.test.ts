import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { engineSuites } from './engine-suites.mjs';

const root = path.resolve(import.meta.dirname, '..');

describe("CI's second pass on the PostgreSQL server", () => {
  it('names only suites that exist, so a renamed one cannot drop out of it unseen', () => {
    expect(engineSuites.length).toBeGreaterThan(0);
    expect(engineSuites.filter((file) => !existsSync(path.join(root, file)))).toEqual([]);
  });
});
