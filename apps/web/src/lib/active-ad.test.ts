import { describe, expect, it } from 'vitest';
import { clearActiveAd, editTokenFor, readActiveAd, writeActiveAd } from './active-ad';

describe('active post', () => {
  it('keeps the id and token as JSON under activePost', () => {
    writeActiveAd({ post_id: '42', token: 'tok' });
    expect(window.localStorage.getItem('activePost')).toBe('{"post_id":"42","token":"tok"}');
    expect(readActiveAd()).toEqual({ post_id: '42', token: 'tok' });
    clearActiveAd();
    expect(readActiveAd()).toBeNull();
  });

  it("gives the edit-token of the active ad only, else 'none'", () => {
    expect(editTokenFor('42')).toBe('none');
    writeActiveAd({ post_id: '42', token: 'tok' });
    expect(editTokenFor('42')).toBe('tok');
    expect(editTokenFor('43')).toBe('none');
    expect(editTokenFor(null)).toBe('none');
  });

  it('ignores a stored value of another shape', () => {
    window.localStorage.setItem('activePost', '{"id":1}');
    expect(readActiveAd()).toBeNull();
    window.localStorage.setItem('activePost', 'not json');
    expect(readActiveAd()).toBeNull();
  });
});
