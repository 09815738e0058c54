import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { clearDraft, draftSaveDelayMs, writeDraft, type AdDraftContent } from './ad-draft';

export interface DraftAutosave {
  /** Writes what the wizard holds now (the page is about to go). */
  flush: () => void;
  /** Forgets the draft under a key; what the wizard holds now is not written again. */
  clear: (key: string) => void;
}

/**
 * Keeps the draft under `key` equal to what the wizard holds: `read()` gives that
 * content now (null: nothing unsaved), even when a change has not been drawn yet. A
 * change is written a moment after it was last drawn, and at once when the page is
 * hidden or the wizard closes, from `read()` at that moment: a keystroke the screen
 * has not shown yet is not lost to a reload. Null removes a draft this wizard wrote
 * or restored.
 */
export function useDraftAutosave(
  key: string | null,
  read: () => AdDraftContent | null,
  restored: boolean,
): DraftAutosave {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A draft under this wizard's key is its own: written here, or restored from there.
  const owned = useRef(restored);
  // What this wizard last stored, and under which key (null text: removed).
  const written = useRef<{ key: string; text: string | null } | null>(null);
  const latest = useRef({ key, read });
  useLayoutEffect(() => {
    latest.current = { key, read };
  });

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const { key: draftKey, read: current } = latest.current;
    if (draftKey === null) return;
    const content = current();
    const text = content === null ? null : JSON.stringify(content);
    if (written.current?.key === draftKey && written.current.text === text) return;
    written.current = { key: draftKey, text };
    if (content === null) {
      if (owned.current) clearDraft(draftKey);
      return;
    }
    owned.current = true;
    writeDraft(draftKey, content);
  }, []);

  const clear = useCallback((draftKey: string) => {
    clearTimeout(timer.current);
    // What the wizard holds now is dealt with (saved, or discarded): it is not written
    // again unless it changes.
    const content = latest.current.read();
    written.current = { key: draftKey, text: content === null ? null : JSON.stringify(content) };
    clearDraft(draftKey);
  }, []);

  // The same content every render keeps the same text: a write only follows a change.
  const content = read();
  const serialized = content === null ? null : JSON.stringify(content);
  useEffect(() => {
    if (key === null) return;
    clearTimeout(timer.current);
    // Nothing unsaved any more: the draft goes at once.
    if (serialized === null) flush();
    else timer.current = setTimeout(flush, draftSaveDelayMs);
  }, [key, serialized, flush]);

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHide);
      // The wizard closes (another screen, a reload): what it holds is kept.
      flush();
    };
  }, [flush]);

  return { flush, clear };
}
