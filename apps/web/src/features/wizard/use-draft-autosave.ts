import { useCallback, useEffect, useRef } from 'react';
import { clearDraft, draftSaveDelayMs, writeDraft, type AdDraftContent } from './ad-draft';

interface Pending {
  key: string;
  content: AdDraftContent;
}

export interface DraftAutosave {
  /** Writes the waiting change now (the page is about to go). */
  flush: () => void;
  /** Forgets the draft under a key, and any change still waiting to be written. */
  clear: (key: string) => void;
}

/**
 * Keeps the draft under `key` up to date: `content` is written a moment after it last
 * changed, at once when the page is hidden or the wizard closes; null (nothing unsaved)
 * removes a draft this wizard wrote or restored.
 */
export function useDraftAutosave(
  key: string | null,
  content: AdDraftContent | null,
  restored: boolean,
): DraftAutosave {
  const pending = useRef<Pending | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A draft under this wizard's key is its own: written here, or restored from there.
  const owned = useRef(restored);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const waiting = pending.current;
    pending.current = null;
    if (waiting) writeDraft(waiting.key, waiting.content);
  }, []);

  const clear = useCallback((draftKey: string) => {
    clearTimeout(timer.current);
    pending.current = null;
    clearDraft(draftKey);
  }, []);

  const latest = useRef(content);
  useEffect(() => {
    latest.current = content;
  });

  // The same content every render keeps the same text: a write only follows a change.
  const serialized = content === null ? null : JSON.stringify(content);
  useEffect(() => {
    if (key === null) return;
    const current = latest.current;
    if (serialized === null || current === null) {
      clearTimeout(timer.current);
      pending.current = null;
      if (owned.current) clearDraft(key);
      return;
    }
    owned.current = true;
    pending.current = { key, content: current };
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, draftSaveDelayMs);
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
      // The wizard closes (another screen, a reload): what is waiting is kept.
      flush();
    };
  }, [flush]);

  return { flush, clear };
}
