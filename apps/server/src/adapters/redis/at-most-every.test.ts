import { describe, expect, it } from 'vitest';
import { atMostEvery } from './at-most-every.js';

describe('a warning said at most once a minute', () => {
  it('passes the first call on, drops the others of the minute, then passes one again', () => {
    let t = 1_000_000;
    const said: string[] = [];
    const warn = atMostEvery(
      60_000,
      (what: string) => said.push(what),
      () => t,
    );
    for (let i = 0; i < 100; i += 1) {
      warn(`failure ${i}`);
      t += 500;
    }
    // 100 failures over 50 seconds: one line.
    expect(said).toEqual(['failure 0']);
    t += 10_000;
    warn('a minute later');
    expect(said).toEqual(['failure 0', 'a minute later']);
  });
});
