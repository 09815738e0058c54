import { consoleMessages } from '@adboard/shared';
import { describe, expect, it } from 'vitest';
import type { AdRow } from '../ads/ad-repository.js';
import { describeRevisionChanges } from './revision-changes.js';

const labels = consoleMessages.review.facts;

const live = {
  countryCode: 'US',
  citySlug: 'las-vegas',
  title: 'Greek goddess visiting',
  descriptionText: 'Dinner dates and conversation.',
  descriptionHtml: '<p>Dinner dates and conversation.</p>',
  name: 'Jade',
  age: 25,
  ethnicity: null,
  business: 'independent',
  incalls: null,
  outcalls: 'yes',
  phone: '702-208-4533',
  phoneE164: '+17022084533',
  backlink: null,
  publicContacts: ['call'],
  rates: [],
  hours: null,
} as unknown as AdRow;

describe('what an edit of a live ad changes, as a moderator reads it', () => {
  it('lists nothing when the edit changes nothing a moderator reviews', () => {
    expect(
      describeRevisionChanges(live, {
        ...live,
        descriptionHtml: '<p>Dinner dates and conversation.</p> ',
      }),
    ).toEqual([]);
  });

  it('lists each changed field with the public value and the proposed one, in form order', () => {
    const proposed = {
      ...live,
      phone: '702-208-9999',
      title: 'Greek goddess, back in town',
      ethnicity: 'middle_eastern',
      publicContacts: ['call', 'email'],
    } as AdRow;
    expect(describeRevisionChanges(live, proposed)).toEqual([
      {
        field: labels.title,
        before: 'Greek goddess visiting',
        after: 'Greek goddess, back in town',
      },
      { field: labels.ethnicity, before: null, after: 'Middle Eastern' },
      { field: labels.phone, before: '702-208-4533', after: '702-208-9999' },
      { field: labels.contacts, before: 'Call', after: 'Call, Email' },
    ]);
  });

  it('compares the description as text and a move as city and country', () => {
    const proposed = {
      ...live,
      citySlug: 'reno',
      descriptionText: 'Dinner dates only.',
      descriptionHtml: '<p>Dinner dates <b>only</b>.</p>',
      business: null,
    } as AdRow;
    expect(describeRevisionChanges(live, proposed)).toEqual([
      { field: labels.location, before: 'las-vegas, US', after: 'reno, US' },
      {
        field: labels.description,
        before: 'Dinner dates and conversation.',
        after: 'Dinner dates only.',
      },
      { field: labels.business, before: 'Independent Escort', after: null },
    ]);
  });

  it('lists rates and hours (issue 29) one line a rate and a day, as the form orders them', () => {
    const proposed = {
      ...live,
      rates: [
        { duration: '1h', place: 'incall', amount: 250 },
        { duration: 'overnight', place: 'outcall', amount: 1500.5 },
      ],
      hours: {
        mon: { from: '10:00', to: '22:00' },
        tue: 'closed',
        wed: 'closed',
        thu: 'closed',
        fri: 'appointment',
        sat: 'closed',
        sun: 'closed',
      },
    } as AdRow;
    expect(describeRevisionChanges(live, proposed)).toEqual([
      {
        field: labels.rates,
        before: null,
        after: '1 hour, Incall: 250.00\nOvernight, Outcall: 1,500.50',
      },
      {
        field: labels.hours,
        before: null,
        after: [
          'Monday: 10:00\u201322:00',
          'Tuesday: Closed',
          'Wednesday: Closed',
          'Thursday: Closed',
          'Friday: By appointment',
          'Saturday: Closed',
          'Sunday: Closed',
        ].join('\n'),
      },
    ]);
    expect(describeRevisionChanges(proposed, { ...proposed, hours: null })).toEqual([
      { field: labels.hours, before: expect.stringContaining('Monday'), after: null },
    ]);
  });
});
