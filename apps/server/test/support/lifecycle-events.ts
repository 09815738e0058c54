import type { AdEvent, AdEventType } from '../../src/modules/ad-lifecycle/transitions.js';

/**
 * The events the lifecycle tests walk, one sample each: payment events once per
 * product (transitions.test.ts on the table, lifecycle-table.test.ts on PostgreSQL).
 */
export type EventKey =
  | Exclude<AdEventType, 'pay' | 'payment_arrives'>
  | 'pay:paid'
  | 'pay:premium'
  | 'payment_arrives:paid'
  | 'payment_arrives:premium';

export const events: Record<EventKey, AdEvent> = {
  create: { type: 'create' },
  save: { type: 'save' },
  change_type: { type: 'change_type', to: 'free_verified' },
  edit_live: { type: 'edit_live' },
  submit: { type: 'submit' },
  'pay:paid': { type: 'pay', product: 'paid' },
  'pay:premium': { type: 'pay', product: 'premium' },
  'payment_arrives:paid': {
    type: 'payment_arrives',
    product: 'paid',
    days: 30,
    optionId: 'DAYS_30',
  },
  'payment_arrives:premium': {
    type: 'payment_arrives',
    product: 'premium',
    days: 15,
    optionId: 'DAYS_15',
  },
  approve: { type: 'approve' },
  reject: { type: 'reject' },
  approve_revision: { type: 'approve_revision' },
  reject_revision: { type: 'reject_revision' },
  renew: { type: 'renew' },
  expire: { type: 'expire' },
  delete: { type: 'delete' },
  ban_owner: { type: 'ban_owner' },
  refund: { type: 'refund' },
  pause: { type: 'pause' },
  resume: { type: 'resume' },
  start: { type: 'start' },
  make_available: { type: 'make_available', hours: 2 },
  end_available: { type: 'end_available' },
  availability_ends: { type: 'availability_ends' },
  plan_visits: { type: 'plan_visits' },
};
export const eventKeys = Object.keys(events) as EventKey[];
