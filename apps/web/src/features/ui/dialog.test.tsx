import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog, DialogActions } from './dialog';

/** A page with a button that opens the dialog, as a screen uses it. */
function Page({ busy = false }: { busy?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Dialog
          title="Delete this ad?"
          description="It cannot be undone."
          onClose={() => setOpen(false)}
          busy={busy}
        >
          <DialogActions>
            <button type="button" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="button">Delete</button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}

async function openDialog(busy = false) {
  const user = userEvent.setup();
  render(<Page busy={busy} />);
  const opener = screen.getByRole('button', { name: 'Open' });
  await user.click(opener);
  return { user, opener, dialog: screen.getByRole('dialog', { name: 'Delete this ad?' }) };
}

describe('Dialog', () => {
  it('is a modal dialog named by its title and described by its text', async () => {
    const { dialog } = await openDialog();
    expect(dialog.tagName).toBe('DIALOG');
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const description = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('It cannot be undone.');
  });

  it('moves focus to its first control, and back to the opener when it closes', async () => {
    const { user, opener, dialog } = await openDialog();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes on Escape and gives focus back to the opener', async () => {
    const { user, opener } = await openDialog();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("closes on the browser's own close request (its cancel event)", async () => {
    const { dialog } = await openDialog();
    const cancel = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(await screen.findByRole('button', { name: 'Open' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays open on Escape while its action runs', async () => {
    const { user } = await openDialog(true);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Delete this ad?' })).toBeTruthy();
  });
});
