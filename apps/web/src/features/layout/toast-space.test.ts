import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeRoomForToasts } from './toast-space';

/** An element laid out at a rectangle (jsdom has no layout of its own). */
function placed(
  tag: string,
  rect: { top: number; left: number; width: number; height: number },
  parent: Element = document.body,
) {
  const element = document.createElement(tag);
  if (tag === 'a') element.setAttribute('href', '/x');
  parent.append(element);
  element.getBoundingClientRect = () => new DOMRect(rect.left, rect.top, rect.width, rect.height);
  return element;
}

/** The page is this tall (jsdom lays nothing out). */
function pageHeight(height: number): void {
  Object.defineProperty(document.documentElement, 'scrollHeight', {
    configurable: true,
    value: height,
  });
}

afterEach(() => {
  document.body.replaceChildren();
  document.documentElement.style.removeProperty('--toast-space');
});

describe('room for toasts', () => {
  it('scrolls a button the toast covers up above it and keeps room at the page end', () => {
    vi.stubGlobal('innerHeight', 800);
    pageHeight(2000);
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => undefined);
    placed('button', { top: 740, left: 20, width: 350, height: 44 });
    placed('div', { top: 730, left: 40, width: 310, height: 50 }).className = 'toast';

    makeRoomForToasts(document, '.toast');

    // The button's bottom (784) must come above the toast's top (730) with 8 px between.
    expect(scrollBy).toHaveBeenCalledWith({ top: 62, behavior: 'instant' });
    expect(document.documentElement.style.getPropertyValue('--toast-space')).toBe('78px');
  });

  it('also scrolls past the controls that scrolling brings up under the toast', () => {
    vi.stubGlobal('innerHeight', 480);
    pageHeight(2000);
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => undefined);
    // The Log in button is under the toast; the links below it are out of view now,
    // and would come under the toast if the page moved only past the button.
    placed('button', { top: 400, left: 37, width: 316, height: 44 });
    placed('a', { top: 470, left: 37, width: 138, height: 18 });
    placed('a', { top: 500, left: 37, width: 170, height: 18 });
    placed('div', { top: 420, left: 28, width: 334, height: 44 }).className = 'toast';

    makeRoomForToasts(document, '.toast');

    // The last link's bottom (518) comes 8 px above the toast's top (420).
    expect(scrollBy).toHaveBeenCalledWith({ top: 106, behavior: 'instant' });
  });

  it('never scrolls past the end of the page', () => {
    vi.stubGlobal('innerHeight', 800);
    pageHeight(830);
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => undefined);
    placed('button', { top: 740, left: 20, width: 350, height: 44 });
    placed('div', { top: 730, left: 40, width: 310, height: 50 }).className = 'toast';

    makeRoomForToasts(document, '.toast');

    expect(scrollBy).toHaveBeenCalledWith({ top: 30, behavior: 'instant' });
  });

  it('leaves the page alone when nothing is under the toast', () => {
    vi.stubGlobal('innerHeight', 800);
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => undefined);
    placed('button', { top: 100, left: 20, width: 350, height: 44 });
    // Beside the toast, not under it.
    placed('a', { top: 750, left: 360, width: 30, height: 20 });
    const toast = placed('div', { top: 730, left: 40, width: 300, height: 50 });
    toast.className = 'toast';
    // A control inside a toast is the toast's own.
    placed('button', { top: 740, left: 50, width: 40, height: 20 }, toast);

    makeRoomForToasts(document, '.toast');

    expect(scrollBy).not.toHaveBeenCalled();
  });

  it('gives the room back when the toasts are gone', () => {
    vi.stubGlobal('innerHeight', 800);
    document.documentElement.style.setProperty('--toast-space', '78px');

    makeRoomForToasts(document, '.toast');

    expect(document.documentElement.style.getPropertyValue('--toast-space')).toBe('0px');
  });
});
