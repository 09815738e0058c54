import { describe, expect, it } from 'vitest';
import { statementSettings, withStatementSettings } from './database.js';

const ours = Object.entries(statementSettings).map(([name, value]) => `-c ${name}=${value}`);

describe("the app's connections ask for its statement settings", () => {
  it('adds them to a URL that has no options', () => {
    const url = new URL(withStatementSettings('postgres://app@127.0.0.1:5432/adboard'));
    expect(url.searchParams.get('options')).toBe(ours.join(' '));
    expect([url.hostname, url.port, url.pathname]).toEqual(['127.0.0.1', '5432', '/adboard']);
  });

  it("keeps the operator's own options and parameters, before its own", () => {
    const url = new URL(
      withStatementSettings(
        'postgres://app:s%40cret@db.internal:6432/adboard?sslmode=require&options=-c%20statement_timeout%3D5000',
      ),
    );
    expect(url.searchParams.get('options')).toBe(['-c statement_timeout=5000', ...ours].join(' '));
    expect(url.searchParams.get('sslmode')).toBe('require');
    expect(decodeURIComponent(url.password)).toBe('s@cret');
  });
});
