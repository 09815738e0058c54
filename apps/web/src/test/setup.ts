import { cleanup } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, vi } from 'vitest';

// jsdom has no layout. ProseMirror (the description editor) measures the selection
// to scroll it into view; give it empty measurements.
const noRects = Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects ??= () => noRects;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
document.elementFromPoint ??= () => null;
// jsdom has no object URLs (photo previews); tests spy on these (see test/xhr.ts).
URL.createObjectURL ??= () => 'blob:http://localhost/preview';
URL.revokeObjectURL ??= () => undefined;

beforeEach(() => {
  // jsdom has no matchMedia; react-hot-toast asks it about reduced motion.
  vi.stubGlobal('matchMedia', (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
  // jsdom does not scroll; the wizard scrolls to the top when it changes view.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  toast.remove();
  window.localStorage.clear();
  document.title = '';
});
