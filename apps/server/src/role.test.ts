import { describe, expect, it } from 'vitest';
import { RoleError, roleOf } from './role.js';

describe('the role a server process runs', () => {
  it('is the site and the jobs with no argument (npm start)', () => {
    expect(roleOf([], true)).toEqual({ web: true, jobs: true });
  });

  it('is the site only with --web (npm run web), or with RUN_JOBS=false', () => {
    expect(roleOf(['--web'], true)).toEqual({ web: true, jobs: false });
    expect(roleOf([], false)).toEqual({ web: true, jobs: false });
  });

  it('is the jobs only with --worker (npm run worker)', () => {
    expect(roleOf(['--worker'], true)).toEqual({ web: false, jobs: true });
  });

  it('refuses what would run nothing, or not what was meant', () => {
    expect(() => roleOf(['--web', '--worker'], true)).toThrow(RoleError);
    expect(() => roleOf(['--worker'], false)).toThrow(/RUN_JOBS=false/);
    // A typo must not start a process running both.
    expect(() => roleOf(['--workers'], true)).toThrow(/unknown argument --workers/);
  });
});
