import { draftAgeValues } from '@adboard/shared';
import { useState } from 'react';
import './draft-note.css';
import { adsText } from '../../i18n/areas';
import { useText } from '../../i18n/language-context';

interface DraftNoteProps {
  /** When the restored draft was last written (ms since the epoch). */
  savedAt: number;
  onDiscard: () => void;
}

/** 'Restored your unsaved draft from 5 minutes ago', with the way to throw it away. */
export function DraftNote({ savedAt, onDiscard }: DraftNoteProps) {
  const adsWords = useText(adsText);
  // The age as it was when the wizard opened: the note does not tick.
  const [age] = useState(() =>
    adsWords.wizard.draftAge(draftAgeValues((Date.now() - savedAt) / 1000)),
  );
  return (
    <div className="notice notice--info draft-note" role="status">
      <p>{adsWords.wizard.draftRestored({ age: age })}</p>
      <button type="button" className="button button--secondary" onClick={onDiscard}>
        {adsWords.wizard.draftDiscard}
      </button>
    </div>
  );
}
