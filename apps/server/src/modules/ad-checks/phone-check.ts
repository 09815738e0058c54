import { adLimits, phoneDigits, type CountryCode } from '@adboard/shared';
import { parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js/max';

export interface PhoneCheck {
  valid: boolean;
  /** The number in E.164 form when it is valid, else null. */
  e164: string | null;
}

/** What a phone field may contain: digits and the usual separators, nothing else. */
const PHONE_CHARACTERS = /^[\d\s+().-]+$/;

/**
 * NANP numbers whose exchange is 555 and line 0100 to 0199 are reserved for
 * fiction. libphonenumber's metadata does not single them out, so they are
 * refused here.
 */
function isFictionalNanp(number: PhoneNumber): boolean {
  return (
    number.countryCallingCode === '1' && /^\d{3}55501\d{2}$/.test(String(number.nationalNumber))
  );
}

function parse(phone: string, country: CountryCode): PhoneNumber | undefined {
  const text = phone.trim();
  if (!PHONE_CHARACTERS.test(text)) return undefined;
  const digits = phoneDigits(text).length;
  if (digits < adLimits.phoneDigitsMin || digits > adLimits.phoneDigitsMax) return undefined;
  return parsePhoneNumberFromString(text, country);
}

/**
 * Whether `phone` is a real, dialable number for an ad in `country`, by
 * libphonenumber's full metadata. Decisions:
 * - Only digits, spaces, `+ ( ) - .` are allowed (no letters, no extensions),
 *   and 10 to 15 digits, as SPEC.md section 5 says.
 * - The number must belong to the ad's own country: the US and Canada share
 *   calling code +1, but a Canadian area code on a US ad (or the other way
 *   round) is refused, as is Puerto Rico or any other NANP member.
 *   NANP toll-free numbers (800, 888, ...), which libphonenumber files under
 *   US, are accepted for Canadian ads too.
 * - Premium-rate numbers (900) and the fictional 555-01XX range are refused.
 */
export function checkPhone(phone: string, country: CountryCode): PhoneCheck {
  const number = parse(phone, country);
  if (!number || !number.isValid() || isFictionalNanp(number)) return { valid: false, e164: null };
  const type = number.getType();
  if (type === 'PREMIUM_RATE') return { valid: false, e164: null };
  const sameCountry =
    number.country === country ||
    (type === 'TOLL_FREE' && number.countryCallingCode === '1' && country === 'CA');
  return sameCountry ? { valid: true, e164: number.number } : { valid: false, e164: null };
}

/**
 * The E.164 form of a phone number (numbers without `+` are read as national
 * numbers of `defaultCountry`), or null when it cannot be parsed into a number
 * of a possible length. It does not judge validity; use `checkPhone` for that.
 */
export function normalizePhone(phone: string, defaultCountry: CountryCode = 'US'): string | null {
  const number = parse(phone, defaultCountry);
  return number?.isPossible() ? number.number : null;
}
