import { describe, expect, it } from 'vitest';
import { redisFailure } from './redis-connection.js';

describe('what the log says of a Redis failure', () => {
  it('keeps the error code and drops the message that names the address', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.1.2.3:6380'), {
      code: 'ECONNREFUSED',
    });
    const told = redisFailure(refused);
    expect(told.message).toBe('ECONNREFUSED');
    expect(JSON.stringify({ message: told.message, stack: told.stack })).not.toContain('10.1.2.3');
  });

  it('says only that Redis did not answer when the failure has no code', () => {
    expect(redisFailure(new Error('NOAUTH secret-in-url@redis.internal')).message).toBe(
      'Redis did not answer',
    );
    expect(redisFailure('a string').message).toBe('Redis did not answer');
  });
});
