import { useEffect, useRef } from 'react';

export interface LeaveGuardOptions {
  /** True while there is something unsaved: only then does leaving ask. */
  active: boolean;
  /** The question of the in-app confirm. */
  message: string;
  /** An address that stays on the same screen (no need to ask). */
  staysHere: (url: URL) => boolean;
  /** Called just before the page may go (a last chance to write the draft). */
  onLeave?: () => void;
}

// A confirmed in-app leave that turns into a full page load asks once, not twice.
const confirmedGraceMs = 1000;

function leavingLink(event: MouseEvent): URL | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const target = event.target;
  if (!(target instanceof Element)) return null;
  const link = target.closest('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return null;
  if (link.target && link.target !== '_self') return null;
  const url = new URL(link.href, window.location.href);
  // Other origins and mailto: links leave through the page's beforeunload, if at all.
  return url.origin === window.location.origin ? url : null;
}

/**
 * Asks before leaving a screen with unsaved changes: the browser's own prompt when the
 * page unloads (reload, a closed tab, another site), and a confirm for the app's links
 * (the app's router is declarative, so react-router's useBlocker is not available: its
 * links are caught as they are clicked, before the router sees them). The browser's
 * back button within the app is not asked about: the local draft keeps the work.
 */
export function useLeaveGuard({ active, message, staysHere, onLeave }: LeaveGuardOptions): void {
  const latest = useRef({ message, staysHere, onLeave });
  useEffect(() => {
    latest.current = { message, staysHere, onLeave };
  });

  useEffect(() => {
    if (!active) return;
    let confirmedAt = -Infinity;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      latest.current.onLeave?.();
      if (Date.now() - confirmedAt < confirmedGraceMs) return;
      event.preventDefault();
      // Older browsers show the prompt only when a return value is set.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      const url = leavingLink(event);
      if (!url || latest.current.staysHere(url)) return;
      latest.current.onLeave?.();
      if (window.confirm(latest.current.message)) {
        confirmedAt = Date.now();
        return;
      }
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    // Capture on the document: before React's own handlers on the root.
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [active]);
}
