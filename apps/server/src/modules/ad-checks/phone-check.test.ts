import { describe, expect, it } from 'vitest';
import { checkPhone, normalizePhone } from './phone-check.js';

describe('checkPhone', () => {
  it.each([
    ['702-208-4567', 'US', '+17022084567'],
    ['(702) 208-4567', 'US', '+17022084567'],
    ['+1 702 208 4567', 'US', '+17022084567'],
    ['1.702.208.4567', 'US', '+17022084567'],
    ['416-979-1234', 'CA', '+14169791234'],
    ['(604) 681-1234', 'CA', '+16046811234'],
    ['800-275-2273', 'US', '+18002752273'],
    ['800-275-2273', 'CA', '+18002752273'],
  ] as const)('accepts %s for a %s ad', (phone, country, e164) => {
    expect(checkPhone(phone, country)).toEqual({ valid: true, e164 });
  });

  it.each([
    ['202-555-0123', 'US', 'the fictional 555-01XX range'],
    ['(702) 555-0199', 'US', 'the fictional 555-01XX range'],
    ['416-555-0100', 'CA', 'the fictional 555-01XX range'],
    ['702-208-456', 'US', 'too short'],
    ['208-4567', 'US', 'too short'],
    ['7022084567123456', 'US', 'too long'],
    ['702-FLOWERS', 'US', 'letters'],
    ['call 702-208-4567', 'US', 'letters'],
    ['702-208-4567 x12', 'US', 'an extension'],
    ['123-456-7890', 'US', 'no such area code'],
    ['416-979-1234', 'US', 'a Canadian number on a US ad'],
    ['702-208-4567', 'CA', 'a US number on a Canadian ad'],
    ['787-722-1234', 'US', 'a Puerto Rico number'],
    ['+44 20 7946 0958', 'US', 'a UK number'],
    ['900-976-1234', 'US', 'premium rate'],
    ['', 'US', 'empty'],
  ] as const)('refuses %s for a %s ad (%s)', (phone, country, _reason) => {
    expect(checkPhone(phone, country)).toEqual({ valid: false, e164: null });
  });
});

describe('normalizePhone', () => {
  it.each([
    ['(702) 208-4567', '+17022084567'],
    ['+1 702 208 4567', '+17022084567'],
    ['1-702-208-4567', '+17022084567'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('%s → %s', (phone, e164) => {
    expect(normalizePhone(phone)).toBe(e164);
  });

  it('reads a national number in the given country', () => {
    expect(normalizePhone('416 979 1234', 'CA')).toBe('+14169791234');
  });

  it.each(['702-208-456', 'abc', '', '702-FLOWERS'])('has no E.164 form for %j', (phone) => {
    expect(normalizePhone(phone)).toBeNull();
  });
});
