import { adLimits } from '@adboard/shared';
import { describe, expect, it } from 'vitest';
import { waitBeforeNextCode, type RecentPhoneCode } from './sms-resend-rule.js';

const code = (ageSeconds: number, live = false): RecentPhoneCode => ({ ageSeconds, live });

describe('waitBeforeNextCode', () => {
  it('lets the first code go at once', () => {
    expect(waitBeforeNextCode([])).toBeNull();
  });

  it('waits the gap after a live code, and not after a used-up one', () => {
    expect(adLimits.smsResendWaitSeconds).toBe(60);
    expect(waitBeforeNextCode([code(15, true)])).toEqual({
      reason: 'gap',
      seconds: 45,
      textsInHour: 1,
    });
    expect(waitBeforeNextCode([code(60, true)])).toBeNull();
    expect(waitBeforeNextCode([code(5, false)])).toBeNull();
  });

  it('allows smsCodesPerHour texts in any hour, then waits until the oldest is an hour old', () => {
    const max = adLimits.smsCodesPerHour;
    const four = Array.from({ length: max - 1 }, (_, i) => code(600 + i * 300));
    expect(waitBeforeNextCode(four)).toBeNull();
    const full = [code(120, true), ...four];
    expect(waitBeforeNextCode(full)).toEqual({
      reason: 'hourly',
      seconds: 3600 - (600 + (max - 2) * 300),
      textsInHour: max,
    });
  });
});
