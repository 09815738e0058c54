import { describe, expect, it } from 'vitest';
import { clearActivePost, editTokenFor, readActivePost, writeActivePost } from './active-post';

describe('active post', () => {
  it('keeps the id and token as JSON under activePost', () => {
    writeActivePost({ post_id: '42', token: 'tok' });
    expect(window.localStorage.getItem('activePost')).toBe('{"post_id":"42","token":"tok"}');
    expect(readActivePost()).toEqual({ post_id: '42', token: 'tok' });
    clearActivePost();
    expect(readActivePost()).toBeNull();
  });

  it("gives the edit-token of the active ad only, else 'none'", () => {
    expect(editTokenFor('42')).toBe('none');
    writeActivePost({ post_id: '42', token: 'tok' });
    expect(editTokenFor('42')).toBe('tok');
    expect(editTokenFor('43')).toBe('none');
    expect(editTokenFor(null)).toBe('none');
  });

  it('ignores a stored value of another shape', () => {
    window.localStorage.setItem('activePost', '{"id":1}');
    expect(readActivePost()).toBeNull();
    window.localStorage.setItem('activePost', 'not json');
    expect(readActivePost()).toBeNull();
  });
});
