import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { draftSaveDelayMs, readDraft, type AdDraftContent } from './ad-draft';
import { emptyAdForm } from './ad-form-model';
import { useDraftAutosave } from './use-draft-autosave';
import { draftOf } from './wizard-draft';

const key = 'adDraft:local:user-user-1:new';

function draftWith(name: string): AdDraftContent {
  const form = emptyAdForm('');
  return draftOf(
    {
      rulesAccepted: true,
      location: { country: 'US', countryFull: '', city: 'las-vegas', cityFull: 'Las Vegas' },
      type: 'paid',
      form: { ...form, values: { ...form.values, name } },
    },
    'form',
    null,
  );
}

/** What the wizard holds: changed by the editor before the screen draws it. */
const holder: { content: AdDraftContent | null } = { content: null };

function Wizard({ restored = false }: { restored?: boolean }) {
  useDraftAutosave(key, () => holder.content, restored);
  return null;
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  holder.content = null;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the draft autosave', () => {
  it('writes a drawn change a moment after it was made', () => {
    holder.content = draftWith('Jade');
    render(<Wizard />);
    expect(readDraft(key)).toBeNull();
    act(() => void vi.advanceTimersByTime(draftSaveDelayMs));
    expect(readDraft(key)?.values.name).toBe('Jade');
  });

  it('keeps a keystroke the screen has not drawn yet when the page goes', () => {
    holder.content = draftWith('Jad');
    render(<Wizard />);
    // The last key reaches the wizard; the page unloads before React renders again.
    holder.content = draftWith('Jade');
    window.dispatchEvent(new Event('pagehide'));
    expect(readDraft(key)?.values.name).toBe('Jade');
  });

  it('keeps what the wizard holds when it closes', () => {
    holder.content = draftWith('Jad');
    const view = render(<Wizard />);
    holder.content = draftWith('Jade.');
    view.unmount();
    expect(readDraft(key)?.values.name).toBe('Jade.');
  });

  it('removes its own draft once nothing is unsaved, and leaves another wizard’s alone', () => {
    holder.content = draftWith('Jade');
    const view = render(<Wizard />);
    act(() => void vi.advanceTimersByTime(draftSaveDelayMs));
    holder.content = null;
    view.rerender(<Wizard />);
    expect(readDraft(key)).toBeNull();
    view.unmount();

    // A draft written by another tab, and this wizard with nothing unsaved: kept.
    holder.content = draftWith('Other tab');
    render(<Wizard />).unmount();
    holder.content = null;
    render(<Wizard />);
    window.dispatchEvent(new Event('pagehide'));
    expect(readDraft(key)?.values.name).toBe('Other tab');
  });
});
