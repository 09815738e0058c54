import { adTypes, consoleMessages } from '@adboard/shared';
import { useState, type FormEvent } from 'react';
import { SelectField } from '../ui/select-field';
import { TextField } from '../ui/text-field';

const text = consoleMessages.filters;
const typeOptions = adTypes.map((type) => ({ value: type, label: consoleMessages.adTypes[type] }));

export interface QueueFilterValues {
  site: string;
  city: string;
  type: string;
}

interface QueueFiltersProps {
  values: QueueFilterValues;
  onApply: (values: QueueFilterValues) => void;
}

/**
 * Site, city and type of the queue. The screen keeps them in the URL query, so a
 * filtered queue can be reloaded, bookmarked and shared; this form only edits them.
 */
export function QueueFilters({ values, onApply }: QueueFiltersProps) {
  const [draft, setDraft] = useState(values);
  const set = (field: keyof QueueFilterValues) => (value: string) =>
    setDraft((current) => ({ ...current, [field]: value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply({ site: draft.site.trim(), city: draft.city.trim().toLowerCase(), type: draft.type });
  };
  const onClear = () => {
    const empty = { site: '', city: '', type: '' };
    setDraft(empty);
    onApply(empty);
  };

  return (
    <form className="filters" onSubmit={onSubmit} aria-label={text.legend}>
      <TextField
        label={text.site}
        hint={text.siteHint}
        name="site"
        value={draft.site}
        onValueChange={set('site')}
        autoCapitalize="off"
        spellCheck={false}
      />
      <TextField
        label={text.city}
        hint={text.cityHint}
        name="city"
        value={draft.city}
        onValueChange={set('city')}
        autoCapitalize="off"
        spellCheck={false}
      />
      <SelectField
        label={text.type}
        name="type"
        value={draft.type}
        options={typeOptions}
        emptyLabel={text.any}
        onValueChange={set('type')}
      />
      <div className="filters__actions">
        <button type="submit" className="button button--primary">
          {text.apply}
        </button>
        <button type="button" className="button button--secondary" onClick={onClear}>
          {text.clear}
        </button>
      </div>
    </form>
  );
}
