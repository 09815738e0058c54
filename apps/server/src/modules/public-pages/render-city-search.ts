import {
  adOptionsText,
  ANY_PLACE,
  cityChoiceFilters,
  cityChoiceValues,
  cityQueryString,
  citySearchLimits,
  citySorts,
  publicPageText,
  type CityChoiceFilter,
  type CityFilters,
  type CityQueryParam,
  type Language,
} from '@adboard/shared';
import type { MatchCount } from './city-listing-repository.js';
import { escapeHtml } from './html.js';
import { pagePath } from './page-paths.js';
import { optionWord } from './page-text.js';

/**
 * The city page's search form, filter chips, ignored-parameters notice and match count,
 * in one language (issue 30): its texts are the catalogue's `publicPages.search`.
 */
function searchPartsOf(language: Language) {
  const text = publicPageText(language);
  const m = text.search;

  const CHOICE_HEADINGS: Record<CityChoiceFilter, string> = {
    ethnicity: m.ethnicity,
    business: m.business,
    incalls: m.incalls,
    outcalls: m.outcalls,
  };

  const words = adOptionsText(language);
  const optionLabel = (choices: Readonly<Record<string, string>>, value: string) =>
    optionWord(choices, value) ?? value;

  /** What a value of a choice filter reads as, in the form and on its chip. */
  function choiceLabel(filter: CityChoiceFilter, value: string): string {
    switch (filter) {
      case 'ethnicity':
        return optionLabel(words.ethnicity, value);
      case 'business':
        return optionLabel(words.business, value);
      case 'incalls':
        return value === ANY_PLACE ? m.anyIncalls : optionLabel(words.incalls, value);
      case 'outcalls':
        return value === ANY_PLACE
          ? m.anyOutcalls
          : value === 'hotel'
            ? m.outcallsHotel
            : optionLabel(words.outcalls, value);
    }
  }

  const SORT_LABELS = { recommended: m.sortRecommended, newest: m.sortNewest } as const;

  /** The line under the heading: how many ads (the city's own page) or how many match. */
  function matchCountText(count: MatchCount, filtered: boolean): string {
    if (!count.exact) return m.matchesMoreThan({ n: count.atLeast });
    return filtered ? m.matches({ n: count.n }) : text.adCount({ n: count.n });
  }

  const checked = (on: boolean) => (on ? ' checked' : '');

  function checkbox(name: string, value: string, label: string, on: boolean, id: string): string {
    return `<label for="${id}"><input type="checkbox" id="${id}" name="${name}" value="${escapeHtml(value)}"${checked(on)}>${escapeHtml(label)}</label>`;
  }

  function choiceGroup(filter: CityChoiceFilter, filters: CityFilters): string {
    const boxes = cityChoiceValues[filter]
      .map((value) =>
        checkbox(
          filter,
          value,
          choiceLabel(filter, value),
          filters[filter].includes(value),
          `f-${filter}-${value}`,
        ),
      )
      .join('');
    return `<fieldset class="f"><legend>${escapeHtml(CHOICE_HEADINGS[filter])}</legend><div class="opts">${boxes}</div></fieldset>`;
  }

  function ageInput(name: 'age_min' | 'age_max', label: string, value: number | null): string {
    const id = `f-${name}`;
    return (
      `<label for="${id}">${escapeHtml(label)}</label>` +
      `<input id="${id}" name="${name}" type="number" inputmode="numeric" min="${citySearchLimits.ageMin}" max="${citySearchLimits.ageMax}" step="1" placeholder="${escapeHtml(m.anyAge)}" value="${value ?? ''}">`
    );
  }

  /**
   * The search form: a plain GET form (no script), filled in with what is in force.
   * Keywords and the button come first; the other filters fold under "More filters",
   * which says how many of them are in force.
   */
  function searchForm(filters: CityFilters): string {
    // Folded even when some are in force: the chips above the list say which, and on a
    // phone the ads stay in the first screen.
    const inForce =
      (filters.ageMin !== null || filters.ageMax !== null ? 1 : 0) +
      cityChoiceFilters.reduce((n, name) => n + filters[name].length, 0) +
      (filters.verified ? 1 : 0) +
      (filters.photos ? 1 : 0) +
      (filters.available ? 1 : 0) +
      (filters.sort !== 'recommended' ? 1 : 0);
    const sortOptions = citySorts
      .map(
        (sort) =>
          `<option value="${sort}"${filters.sort === sort ? ' selected' : ''}>${escapeHtml(SORT_LABELS[sort])}</option>`,
      )
      .join('');
    return (
      `<form class="search" method="get" action="${escapeHtml(pagePath(language, '/'))}" role="search" aria-label="${escapeHtml(m.heading)}">` +
      '<div class="row">' +
      `<div class="f"><label for="f-q">${escapeHtml(m.keywords)}</label>` +
      `<input id="f-q" name="q" type="search" maxlength="${citySearchLimits.keywordsMax}" placeholder="${escapeHtml(m.keywordsHint)}" value="${escapeHtml(filters.q ?? '')}"></div>` +
      `<button class="btn" type="submit">${escapeHtml(m.submit)}</button></div>` +
      `<details class="more"><summary>${escapeHtml(m.moreFilters({ n: inForce }))}</summary><div class="grid">` +
      `<fieldset class="f"><legend>${escapeHtml(m.age)}</legend><span class="ages">${ageInput('age_min', m.ageFrom, filters.ageMin)}${ageInput('age_max', m.ageTo, filters.ageMax)}</span></fieldset>` +
      cityChoiceFilters.map((name) => choiceGroup(name, filters)).join('') +
      `<fieldset class="f"><legend>${escapeHtml(m.photosHeading)}</legend><div class="opts">` +
      checkbox('photos', '1', m.photos, filters.photos, 'f-photos') +
      checkbox('verified', '1', m.verified, filters.verified, 'f-verified') +
      '</div></fieldset>' +
      `<fieldset class="f"><legend>${escapeHtml(m.availabilityHeading)}</legend><div class="opts">` +
      checkbox('available', '1', m.available, filters.available, 'f-available') +
      '</div></fieldset>' +
      `<div class="f"><label for="f-sort">${escapeHtml(m.sort)}</label><select id="f-sort" name="sort">${sortOptions}</select></div>` +
      `</div><p><button class="btn" type="submit">${escapeHtml(m.submit)}</button></p></details></form>`
    );
  }

  interface Chip {
    label: string;
    without: CityFilters;
  }

  /** The age filter's chip: both bounds, or the one given. */
  function ageChip(min: number | null, max: number | null): string {
    if (min !== null && max !== null) return m.chipAgeRange({ min, max });
    return min !== null ? m.chipAgeFrom({ min }) : m.chipAgeTo({ max: max ?? '' });
  }

  function chipsOf(filters: CityFilters): Chip[] {
    const chips: Chip[] = [];
    if (filters.q)
      chips.push({ label: m.chipKeywords({ q: filters.q }), without: { ...filters, q: null } });
    if (filters.ageMin !== null || filters.ageMax !== null) {
      chips.push({
        label: ageChip(filters.ageMin, filters.ageMax),
        without: { ...filters, ageMin: null, ageMax: null },
      });
    }
    for (const name of cityChoiceFilters) {
      for (const value of filters[name]) {
        chips.push({
          label: `${CHOICE_HEADINGS[name]}: ${choiceLabel(name, value)}`,
          without: { ...filters, [name]: filters[name].filter((other) => other !== value) },
        });
      }
    }
    if (filters.photos) chips.push({ label: m.photos, without: { ...filters, photos: false } });
    if (filters.verified)
      chips.push({ label: m.verified, without: { ...filters, verified: false } });
    if (filters.available) {
      chips.push({ label: m.available, without: { ...filters, available: false } });
    }
    if (filters.sort !== 'recommended') {
      chips.push({
        label: SORT_LABELS[filters.sort],
        without: { ...filters, sort: 'recommended' },
      });
    }
    return chips;
  }

  /** The filters in force, each a link to the same search without it, and one to clear them all. */
  function filterChips(filters: CityFilters): string {
    const chips = chipsOf(filters);
    if (chips.length === 0) return '';
    const items = chips
      .map(
        (chip) =>
          `<li><a href="${escapeHtml(pagePath(language, `/${cityQueryString(chip.without, 1)}`))}" aria-label="${escapeHtml(m.removeFilter({ label: chip.label }))}">${escapeHtml(chip.label)}<span aria-hidden="true">×</span></a></li>`,
      )
      .join('');
    return `<ul class="chips" aria-label="${escapeHtml(m.applied)}">${items}<li><a class="clear" href="${escapeHtml(pagePath(language, '/'))}">${escapeHtml(m.clear)}</a></li></ul>`;
  }

  /** The parameters of the link that were not understood, named (nothing when all were). */
  function ignoredNotice(ignored: CityQueryParam[]): string {
    if (ignored.length === 0) return '';
    const names = ignored.map((name) => m.paramNames[name]).join(', ');
    return `<p class="warn" role="status">${escapeHtml(m.ignored({ names }))}</p>`;
  }

  return { choiceLabel, matchCountText, searchForm, filterChips, ignoredNotice };
}

export type SearchParts = ReturnType<typeof searchPartsOf>;

const partsByLanguage = new Map<Language, SearchParts>();

/** The search parts in `language`, built once per language. */
export function searchParts(language: Language): SearchParts {
  let parts = partsByLanguage.get(language);
  if (!parts) {
    parts = searchPartsOf(language);
    partsByLanguage.set(language, parts);
  }
  return parts;
}
