import { cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { allTextAreas, areasNamed } from '../i18n/areas';
import { loadArea } from '../i18n/text-store';

// A screen is a lazy chunk: its first render in a test file compiles its modules (the
// form layer's among them), which on a busy two-core machine (CI runs the server suites
// beside these) takes well over the default 1 s that findBy* waits, at times over 5 s.
// Waits end as soon as the element shows, so passing tests stay fast; no wait in a test
// sets a shorter one.
configure({ asyncUtilTimeout: 15_000 });

// The app's texts in English are there before a test draws: a component rendered on its
// own (no screen's Suspense around it) reads them at once, as in the app once loaded.
beforeAll(async () => {
  await Promise.all(areasNamed(allTextAreas).map((area) => loadArea(area, 'en')));
});

// jsdom has no layout. ProseMirror (the description editor) measures the selection
// to scroll it into view; give it empty measurements.
const noRects = Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects ??= () => noRects;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
document.elementFromPoint ??= () => null;
// jsdom has no object URLs (photo previews); tests spy on these (see test/xhr.ts).
URL.createObjectURL ??= () => 'blob:http://localhost/preview';
URL.revokeObjectURL ??= () => undefined;
// jsdom has no modal dialogs (features/ui/dialog.tsx): open and close as a browser does,
// without the top layer.
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  if (!this.open) return;
  this.removeAttribute('open');
  this.dispatchEvent(new Event('close'));
};

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
