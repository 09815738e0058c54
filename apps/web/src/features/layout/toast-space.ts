/**
 * Toasts sit bottom-centre (SPEC.md section 2) over the page; they must never cover a
 * control. While toasts show, the page keeps room for them at its end (the
 * `--toast-space` custom property: body padding and scroll padding, styles.css), and
 * a control the toasts would cover is scrolled up above them.
 */

/** What a person can act on. */
const controls =
  'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';
/** Space kept between the toasts and what is above them, in px. */
const gapPx = 8;

interface Band {
  top: number;
  left: number;
  right: number;
}

/** Where the shown toasts are: from the top of the highest to the viewport's bottom. */
export function toastBand(toasts: readonly Element[]): Band | null {
  const rects = toasts
    .map((toast) => toast.getBoundingClientRect())
    .filter((rect) => rect.height > 0 && rect.width > 0);
  if (rects.length === 0) return null;
  return {
    top: Math.min(...rects.map((rect) => rect.top)),
    left: Math.min(...rects.map((rect) => rect.left)),
    right: Math.max(...rects.map((rect) => rect.right)),
  };
}

/** How far the page must scroll so no visible control is under the band (0: none is). */
export function coveredBy(
  band: Band,
  candidates: readonly Element[],
  viewportHeight: number,
): number {
  let overlap = 0;
  for (const element of candidates) {
    const rect = element.getBoundingClientRect();
    if (rect.height === 0 || rect.width === 0) continue;
    const below = rect.bottom > band.top - gapPx && rect.top < viewportHeight;
    const beside = rect.right > band.left && rect.left < band.right;
    if (below && beside) overlap = Math.max(overlap, rect.bottom - band.top + gapPx);
  }
  return overlap;
}

/** Keeps room for the toasts now shown and moves covered controls above them. */
export function makeRoomForToasts(doc: Document, toastSelector: string): void {
  const view = doc.defaultView;
  if (!view) return;
  const band = toastBand([...doc.querySelectorAll(toastSelector)]);
  const space = band ? Math.ceil(view.innerHeight - band.top + gapPx) : 0;
  doc.documentElement.style.setProperty('--toast-space', `${space}px`);
  if (!band) return;
  const candidates = [...doc.querySelectorAll(controls)].filter(
    (element) => !element.closest(toastSelector),
  );
  const overlap = coveredBy(band, candidates, view.innerHeight);
  if (overlap > 0) view.scrollBy({ top: overlap, behavior: 'instant' });
}
