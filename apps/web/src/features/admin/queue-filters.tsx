import {
  adTypes,
  consoleMessages,
  queueQuerySchema,
  type AdType,
  type QueueSite,
} from '@adboard/shared';
import { useId } from 'react';
import { SelectField } from '../ui/select-field';
import { TextField } from '../ui/text-field';
import { orBlank, useZodForm } from '../ui/use-zod-form';
import { useKnownCities } from './known-cities';

const text = consoleMessages.filters;
const typeOptions = adTypes.map((type) => ({ value: type, label: consoleMessages.adTypes[type] }));

/** The queue query's filters; the empty site or type is any. */
const filterSchema = queueQuerySchema
  .pick({ site: true, city: true })
  .extend({ type: orBlank(queueQuerySchema.shape.type) });

export interface QueueFilterValues {
  site: string;
  city: string;
  /** An ad type, or '' for any. */
  type: AdType | '';
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
  const form = useZodForm(filterSchema, values);
  const cities = useKnownCities();
  const cityListId = useId();

  const onSubmit = form.submit((draft) =>
    onApply({
      site: draft.site ?? '',
      city: (draft.city ?? '').trim().toLowerCase(),
      type: draft.type ?? '',
    }),
  );
  const onClear = () => {
    const empty: QueueFilterValues = { site: '', city: '', type: '' };
    form.reset(empty);
    onApply(empty);
  };

  return (
    <form className="filters" onSubmit={onSubmit} aria-label={text.legend} noValidate>
      <SelectField
        label={text.site}
        options={siteOptions(sites, values.site)}
        emptyLabel={text.any}
        field={form.field('site')}
      />
      <TextField
        label={text.city}
        hint={text.cityHint}
        list={cityListId}
        field={form.field('city')}
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
        options={typeOptions}
        emptyLabel={text.any}
        field={form.field('type')}
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
