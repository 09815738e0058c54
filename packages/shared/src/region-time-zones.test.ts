import { describe, expect, it } from 'vitest';
import { clockTimeIn, timeZoneOfRegion } from './region-time-zones.js';

describe("a city's time zone, by its state or province", () => {
  const at = new Date('2026-07-01T18:00:00Z');

  it("tells each reader the time of their city's zone, summer time included", () => {
    expect(clockTimeIn('TX', at)).toBe('1:00 PM CDT');
    expect(clockTimeIn('NY', at)).toBe('2:00 PM EDT');
    expect(clockTimeIn('AZ', at)).toBe('11:00 AM MST');
    expect(clockTimeIn('BC', at)).toBe('11:00 AM PDT');
    expect(clockTimeIn('QC', at)).toBe('2:00 PM EDT');
  });

  it('knows every state and province of the shipped cities', () => {
    for (const region of ['AB', 'AL', 'CA', 'DC', 'HI', 'IN', 'KY', 'MB', 'ON', 'WI']) {
      expect(timeZoneOfRegion(region), region).not.toBe('UTC');
    }
    expect(timeZoneOfRegion('ZZ')).toBe('UTC');
  });
});
