import type { AdType, Ad } from '@adboard/shared';

/** SPEC.md section 9: a step query parameter jumps after 400 ms; locations load after 300 ms. */
export const stepJumpDelayMs = 400;
export const locationLoadDelayMs = 300;

/** The wizard's views (SPEC.md section 2). */
export type WizardView = 'rules' | 'type' | 'form' | 'photos' | 'payment' | 'finalize' | 'error';

export type StepId = 'rules' | 'type' | 'ad' | 'photos' | 'payment' | 'finalize';

/** How a step shows: the one open now, one that cannot be opened, finished, or reachable. */
export type StepState = 'current' | 'unavailable' | 'done' | 'available';

/** A step of the bar; its name is the catalogue's (`appScreens.wizard.steps[id]`). */
export interface WizardStep {
  id: StepId;
  state: StepState;
  done: boolean;
  available: boolean;
  /**
   * Shows its check: a done step that is not the one open, and the Payment step once
   * paid even while open (it is finished on its own view, 'Payment Complete'; the
   * others are finished by leaving them).
   */
  checked: boolean;
}

export interface StepInputs {
  view: WizardView;
  rulesAccepted: boolean;
  type: AdType | null;
  city: string;
  adId: string | null;
  ad: Ad | null;
  /** The ad went through the photos step (or the user moved on from it), or existed already. */
  photosPassed: boolean;
}

export const isPaidType = (type: AdType | null): boolean => type === 'paid' || type === 'premium';

const viewSteps: Partial<Record<WizardView, StepId>> = {
  rules: 'rules',
  type: 'type',
  form: 'ad',
  photos: 'photos',
  payment: 'payment',
  finalize: 'finalize',
};

const stepViews: Partial<Record<StepId, WizardView>> = {
  rules: 'rules',
  type: 'type',
  ad: 'form',
  photos: 'photos',
  payment: 'payment',
  finalize: 'finalize',
};

export function stepOfView(view: WizardView): StepId | null {
  return viewSteps[view] ?? null;
}

/** The view a step opens. */
export function viewOfStep(step: StepId): WizardView | null {
  return stepViews[step] ?? null;
}

const stepIds: readonly StepId[] = ['rules', 'type', 'ad', 'photos', 'payment', 'finalize'];

export function parseStepParam(value: string | null): StepId | null {
  return stepIds.find((id) => id === value) ?? null;
}

/**
 * The Payment step is done once the ad's product is paid for (docs/decisions.md,
 * issue 24): a VIP ad while it is paid (its days held until approval, running, or
 * run out: a renewal is a new payment, not an undone step; no longer once refunded),
 * a premium ad once its featured days were bought (held or started).
 */
export function isPaymentDone(ad: Ad | null): boolean {
  if (!ad) return false;
  if (ad.type === 'premium') return ad.lifecycle.heldPremiumDays > 0 || ad.premium_until !== null;
  return ad.paid;
}

/**
 * The steps bar of SPEC.md sections 2 and 4: Rules, Type, Ad, Photos, and Payment
 * (paid and premium types) or Finalize Ad (free types), each with its derived flags.
 */
export function deriveSteps(input: StepInputs): WizardStep[] {
  const { rulesAccepted, type, city, adId: adId, ad: ad } = input;
  const adExists = adId !== null;
  const paid = isPaidType(type);
  const current = stepOfView(input.view);

  const steps: Omit<WizardStep, 'state' | 'checked'>[] = [
    { id: 'rules', done: rulesAccepted, available: true },
    { id: 'type', done: rulesAccepted || type !== null, available: rulesAccepted },
    {
      id: 'ad',
      done: adExists,
      available: adExists || (rulesAccepted && type !== null && city !== ''),
    },
    // SPEC.md section 4: open once the ad exists, done once it has photos.
    {
      id: 'photos',
      done: adExists && (ad?.photos.length ?? 0) > 0,
      available: adExists,
    },
    // Open once the ad exists and is past its photos; done once paid.
    paid
      ? {
          id: 'payment',
          done: isPaymentDone(ad),
          available: adExists && input.photosPassed,
        }
      : {
          id: 'finalize',
          done: ad !== null && ad.status !== 'incomplete',
          available: adExists && type !== null,
        },
  ];

  return steps.map((step) => ({
    ...step,
    state:
      step.id === current
        ? 'current'
        : !step.available
          ? 'unavailable'
          : step.done
            ? 'done'
            : 'available',
    checked: step.done && (step.id !== current || step.id === 'payment'),
  }));
}
