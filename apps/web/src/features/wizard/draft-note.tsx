import { adMessages } from '@adboard/shared';
import { useState } from 'react';
import './draft-note.css';

interface DraftNoteProps {
  /** When the restored draft was last written (ms since the epoch). */
  savedAt: number;
  onDiscard: () => void;
}

/** 'Restored your unsaved draft from 5 minutes ago', with the way to throw it away. */
export function DraftNote({ savedAt, onDiscard }: DraftNoteProps) {
  // The age as it was when the wizard opened: the note does not tick.
  const [age] = useState(() => adMessages.wizard.draftAge((Date.now() - savedAt) / 1000));
  return (
    <div className="notice notice--info draft-note" role="status">
      <p>{adMessages.wizard.draftRestored(age)}</p>
      <button type="button" className="button button--secondary" onClick={onDiscard}>
        {adMessages.wizard.draftDiscard}
      </button>
    </div>
  );
}
