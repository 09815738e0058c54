import { adTypes, consoleMessages, type QueueSite } from '@adboard/shared';
import { useId, useState, type FormEvent } from 'react';
import { SelectField } from '../ui/select-field';
import { TextField } from '../ui/text-field';
import { useKnownCities } from './known-cities';

const text = consoleMessages.filters;
const typeOptions = adTypes.map((type) => ({ value: type, label: consoleMessages.adTypes[type] }));

export interface QueueFilterValues {
  site: string;
  city: string;
  type: string;
}

interface QueueFiltersProps {
  values: QueueFilterValues;
  /** The sites of the network, as the queue's answer lists them. */
  sites: readonly QueueSite[];
  onApply: (values: QueueFilterValues) => void;
}

/** The site options; a site in the URL that the list does not know stays choosable. */
function siteOptions(sites: readonly QueueSite[], current: string) {
  const options = sites.map((site) => ({ value: site.id, label: `${site.name} (${site.id})` }));
  return current && !sites.some((site) => site.id === current)
    ? [...options, { value: current, label: current }]
    : options;
}

/**
 * Site, city and type of the queue. The screen keeps them in the URL query, so a
 * filtered queue can be reloaded, bookmarked and shared; this form only edits them.
 * The site and type are picked from lists; the city from the known cities, typed.
 */
export function QueueFilters({ values, sites, onApply }: QueueFiltersProps) {
  const [draft, setDraft] = useState(values);
  const cities = useKnownCities();
  const cityListId = useId();
  const set = (field: keyof QueueFilterValues) => (value: string) =>
    setDraft((current) => ({ ...current, [field]: value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply({ site: draft.site, city: draft.city.trim().toLowerCase(), type: draft.type });
  };
  const onClear = () => {
    const empty = { site: '', city: '', type: '' };
    setDraft(empty);
    onApply(empty);
  };

  return (
    <form className="filters" onSubmit={onSubmit} aria-label={text.legend}>
      <SelectField
        label={text.site}
        name="site"
        value={draft.site}
        options={siteOptions(sites, draft.site)}
        emptyLabel={text.any}
        onValueChange={set('site')}
      />
      <TextField
        label={text.city}
        hint={text.cityHint}
        name="city"
        list={cityListId}
        value={draft.city}
        onValueChange={set('city')}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
      />
      <datalist id={cityListId}>
        {cities.map((city) => (
          <option key={city.slug} value={city.slug}>
            {city.label}
          </option>
        ))}
      </datalist>
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
