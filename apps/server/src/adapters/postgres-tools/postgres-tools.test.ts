import { describe, expect, it } from 'vitest';
import { connectionOf, majorVersionOf } from './postgres-tools.js';

describe('PostgreSQL client tools', () => {
  it('reads the major version of what --version answers', () => {
    expect(majorVersionOf('pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)')).toBe(15);
    expect(majorVersionOf('pg_restore (PostgreSQL) 17.2')).toBe(17);
    expect(majorVersionOf('pg_dump (PostgreSQL) 9.6.24')).toBe(9);
    expect(majorVersionOf('something else 15.2')).toBeNull();
  });

  it('takes the password out of the address, decoded, and keeps the rest', () => {
    expect(
      connectionOf('postgres://ad%40min:p%40ss%3Aw0rd@db.internal:6432/adboard?sslmode=require'),
    ).toEqual({
      dbname: 'postgres://ad%40min@db.internal:6432/adboard?sslmode=require',
      password: 'p@ss:w0rd',
    });
    expect(connectionOf('postgresql://postgres@127.0.0.1:5432/postgres')).toEqual({
      dbname: 'postgresql://postgres@127.0.0.1:5432/postgres',
      password: null,
    });
  });
});
