import { describe, expect, it } from 'vitest';
import type { Actor, ActorUser } from '../../domain/actor.js';
import { adPolicy, type AdAccessFacts, type AdAction, type AdPolicyAnswer } from './ad-policy.js';

const user = (id: string, role: ActorUser['role']): ActorUser => ({
  id,
  email: `${id}@example.com`,
  emailNormalized: `${id}@example.com`,
  role,
  siteId: 'local',
  emailVerifiedAt: new Date(),
  bannedAt: null,
  createdAt: new Date(),
  updatedAt: new Date(),
  hasSecondFactor: role !== 'advertiser',
  language: null,
});

const actors = {
  anonymous: { user: null, editGrant: null, sessionToken: null },
  owner: { user: user('owner', 'advertiser'), editGrant: null, sessionToken: 's' },
  stranger: { user: user('other', 'advertiser'), editGrant: null, sessionToken: 's' },
  holder: { user: null, editGrant: { adId: 7, expired: false }, sessionToken: null },
  expiredHolder: { user: null, editGrant: { adId: 7, expired: true }, sessionToken: null },
  otherAdHolder: { user: null, editGrant: { adId: 8, expired: false }, sessionToken: null },
  moderator: { user: user('mod', 'moderator'), editGrant: null, sessionToken: 's' },
  admin: { user: user('adm', 'admin'), editGrant: null, sessionToken: 's' },
  /** Held at the console's door (issue 27): no second factor, no staff powers. */
  moderatorWithoutFactor: {
    user: { ...user('mod2', 'moderator'), hasSecondFactor: false },
    editGrant: null,
    sessionToken: 's',
  },
} satisfies Record<string, Actor>;

const ad: AdAccessFacts = {
  id: 7,
  siteId: 'local',
  ownerId: 'owner',
  deleted: false,
  ownerBanned: false,
};
const actions: AdAction[] = ['read', 'edit', 'pay', 'preview', 'delete'];

/** Expected answers, per actor, for read, edit, pay, preview, delete. */
const table: Record<keyof typeof actors, AdPolicyAnswer[]> = {
  anonymous: ['forbidden', 'forbidden', 'forbidden', 'forbidden', 'forbidden'],
  owner: ['allowed', 'allowed', 'allowed', 'allowed', 'allowed'],
  stranger: ['forbidden', 'forbidden', 'forbidden', 'forbidden', 'forbidden'],
  holder: ['allowed', 'allowed', 'allowed', 'allowed', 'allowed'],
  expiredHolder: ['forbidden', 'forbidden', 'forbidden', 'forbidden', 'forbidden'],
  otherAdHolder: ['forbidden', 'forbidden', 'forbidden', 'forbidden', 'forbidden'],
  moderator: ['allowed', 'forbidden', 'forbidden', 'allowed', 'forbidden'],
  admin: ['allowed', 'forbidden', 'forbidden', 'allowed', 'forbidden'],
  moderatorWithoutFactor: ['forbidden', 'forbidden', 'forbidden', 'forbidden', 'forbidden'],
};

describe('adPolicy: who may do what to an ad', () => {
  for (const name of Object.keys(table) as (keyof typeof actors)[]) {
    const answers = table[name];
    actions.forEach((action, i) => {
      it(`${name} → ${action}: ${answers[i]}`, () => {
        expect(adPolicy(actors[name], ad, action, 'local')).toBe(answers[i]);
      });
    });
  }

  it('a banned owner and their edit token are refused with the ban, for every action', () => {
    for (const action of actions) {
      expect(adPolicy(actors.owner, { ...ad, ownerBanned: true }, action, 'local')).toBe('banned');
      expect(adPolicy(actors.holder, { ...ad, ownerBanned: true }, action, 'local')).toBe('banned');
    }
  });

  it('a deleted ad, or one of another brand, is not found for anyone', () => {
    for (const actor of Object.values(actors)) {
      expect(adPolicy(actor, { ...ad, deleted: true }, 'read', 'local')).toBe('not_found');
      expect(adPolicy(actor, ad, 'read', 'brand-a')).toBe('not_found');
    }
  });
});
