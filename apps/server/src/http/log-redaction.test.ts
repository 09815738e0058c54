import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.js';

describe('redactUrl', () => {
  it('keeps the email of a reset link and hides its token', () => {
    const out = redactUrl('/resetpassword?email=a%40b.c&edit=SECRET');
    expect(out).not.toContain('SECRET');
    const params = new URL(out, 'http://x').searchParams;
    expect(out.startsWith('/resetpassword?')).toBe(true);
    expect(params.get('email')).toBe('a@b.c');
    expect(params.get('edit')).toBe('[redacted]');
  });

  it.each(['token', 'TOKEN', 'code', 'password', 'session', 'Edit'])(
    'hides the %s parameter',
    (name) => {
      const out = redactUrl(`/activate?id=42&${name}=s3cr3t-value`);
      expect(out).not.toContain('s3cr3t-value');
      expect(out).toContain('id=42');
    },
  );

  it('hides every occurrence of a repeated secret parameter', () => {
    const out = redactUrl('/x?edit=one-secret&edit=two-secret');
    expect(out).not.toContain('one-secret');
    expect(out).not.toContain('two-secret');
  });

  it('leaves a URL without a query as it is', () => {
    expect(redactUrl('/api/user/login')).toBe('/api/user/login');
    expect(redactUrl('/api/cities?country=US')).toBe('/api/cities?country=US');
  });
});
