import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, productionRules, settingNames } from './config.js';

const operationsMd = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../docs/operations.md',
);

interface Row {
  setting: string;
  default: string;
  production: string;
}

/** The rows of the table in docs/operations.md's "## Settings" section. */
function settingsTable(): Row[] {
  const text = readFileSync(operationsMd, 'utf8');
  const section = /^## Settings\n([\s\S]*?)(?=^## )/m.exec(text)?.[1] ?? '';
  const lines = section.split('\n').filter((line) => line.startsWith('|'));
  const cells = (line: string) =>
    line
      .slice(1, -1)
      .split(' | ')
      .map((cell) => cell.trim());
  const [header, , ...rows] = lines;
  expect(cells(header ?? '')).toEqual(['Setting', 'Default', 'Production', 'Meaning']);
  return rows.map((line) => {
    const [setting = '', defaultValue = '', production = ''] = cells(line);
    const name = /^`([A-Z0-9_]+)`$/.exec(setting)?.[1];
    if (!name) throw new Error(`a settings row names one setting, in backticks: ${line}`);
    return { setting: name, default: defaultValue, production };
  });
}

/** Marked in the Production column: anything but a dash. */
const markedForProduction = (row: Row) => row.production !== '—';

/** The settings named at the start of the lines of the refusal's production part. */
function namedByRefusal(env: NodeJS.ProcessEnv): string[] {
  let message = '';
  try {
    loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    message = error.message;
  }
  const [, part = ''] = message.split('NODE_ENV=production needs:\n');
  return part
    .split('\n')
    .flatMap(
      (line) => /^ {2}([A-Z0-9_]+(?: or [A-Z0-9_]+)*):/.exec(line)?.[1]?.split(' or ') ?? [],
    );
}

describe("docs/operations.md's settings table", () => {
  it('has one row for each setting the server reads, and no other, each with its default', () => {
    const rows = settingsTable();
    const documented = rows.map((row) => row.setting);
    expect(new Set(documented).size).toBe(documented.length);
    expect([...documented].sort()).toEqual([...settingNames].sort());
    for (const row of rows) expect(row.default, row.setting).not.toBe('');
  });

  it("marks in its Production column exactly the settings production's refusal names", () => {
    const rows = settingsTable();
    const marked = rows.filter(markedForProduction).map((row) => row.setting);
    const ruled = new Set(productionRules.flatMap((rule) => rule.settings));
    expect([...marked].sort()).toEqual([...ruled].sort());
    // What the refusal really says, for nothing set, for unsafe values, for each storage.
    const refusals = [
      { NODE_ENV: 'production' },
      {
        NODE_ENV: 'production',
        DEV_LOCAL_BACKLINKS: 'true',
        RATE_LIMIT_SCALE: '10',
        BTC_NETWORK: 'testnet',
        BTC_XPUB:
          'vpub5YwxuD8iTkr3Tz3WFTiFCezHutrK1BwQsAvQmNMN3uvCDFicD3bBvFg3YswZY6r24oP9wgrbpKcngNKU6PL8qRur2g7oAfMcRqfGWzHpdTn',
      },
      { NODE_ENV: 'production', STORAGE: 'local' },
      { NODE_ENV: 'production', STORAGE: 's3' },
    ].flatMap(namedByRefusal);
    expect(refusals.length).toBeGreaterThan(0);
    for (const name of refusals) expect(marked, name).toContain(name);
  });

  it('says "required" for each setting production cannot start without, whatever else is set', () => {
    const rows = settingsTable();
    const alwaysNeeded = namedByRefusal({ NODE_ENV: 'production' });
    expect(alwaysNeeded).toContain('DATABASE_URL');
    for (const name of alwaysNeeded) {
      expect(rows.find((row) => row.setting === name)?.production, name).toMatch(/^required/);
    }
  });
});
