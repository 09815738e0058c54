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

/**
 * How far the page must scroll so that no control is under the band (0: none is now).
 * Scrolling brings the controls below into view as well, so the distance grows until
 * none of them lands under the band either; at the page's end there is only the room
 * kept for the toasts.
 */
export function coveredBy(
  band: Band,
  candidates: readonly Element[],
  viewportHeight: number,
): number {
  const rects = candidates
    .map((element) => element.getBoundingClientRect())
    .filter((rect) => rect.height > 0 && rect.width > 0)
    .filter((rect) => rect.right > band.left && rect.left < band.right);
  let distance = 0;
  for (let moved = true; moved;) {
    moved = false;
    for (const rect of rects) {
      const top = rect.top - distance;
      const bottom = rect.bottom - distance;
      if (bottom > band.top - gapPx && top < viewportHeight) {
        distance += bottom - band.top + gapPx;
        moved = true;
      }
    }
  }
  return distance;
}

/** Keeps room for the toasts now shown and moves covered controls above them. */
export function makeRoomForToasts(doc: Document, toastSelector: string): void {
  const view = doc.defaultView;
  if (!view) return;
  // A toast still coming in from below the viewport takes no room yet.
  const band = toastBand(
    [...doc.querySelectorAll(toastSelector)].filter(
      (toast) => toast.getBoundingClientRect().top < view.innerHeight,
    ),
  );
  const space = band ? Math.max(0, Math.ceil(view.innerHeight - band.top + gapPx)) : 0;
  doc.documentElement.style.setProperty('--toast-space', `${space}px`);
  if (!band) return;
  const candidates = [...doc.querySelectorAll(controls)].filter(
    (element) => !element.closest(toastSelector),
  );
  const room = doc.documentElement.scrollHeight - view.innerHeight - view.scrollY;
  const overlap = Math.min(coveredBy(band, candidates, view.innerHeight), Math.max(0, room));
  if (overlap > 0) view.scrollBy({ top: overlap, behavior: 'instant' });
}
