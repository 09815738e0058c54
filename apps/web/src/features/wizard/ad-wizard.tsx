import {
  countryCodeSchema,
  isFreeType,
  type AdType,
  type CreateAdResult,
  type PaymentProduct,
  type Photo,
  type Ad,
} from '@adboard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { clearActiveAd, writeActiveAd } from '../../lib/active-ad';
import { errorMessage } from '../../lib/api';
import { adApi } from '../../lib/ad-api';
import { createAttemptKeys } from '../../lib/request-key';
import { useAuth } from '../auth/auth-context';
import { AdFormView } from './ad-form-view';
import { adFormFromAd, emptyAdForm, type AdFormState, type LocationChoice } from './ad-form-model';
import { adQueryKey, useAd } from './ad-query';
import { FailureView } from './failure-view';
import { FinalizeView } from './finalize-view';
import { productForType } from './payment-model';
import { PaymentView } from './payment-view';
import { PhotosView } from './photos-view';
import { RulesView } from './rules-view';
import { StepsBar } from './steps-bar';
import { TypeView } from './type-view';
import {
  deriveSteps,
  stepJumpDelayMs,
  stepOfView,
  viewOfStep,
  type StepId,
  type WizardView,
} from './wizard-model';

export interface AdWizardProps {
  /** The ad being edited, loaded already; null for a new ad. */
  initialAd: Ad | null;
  /** The `step` query parameter: opened after 400 ms when that step is available. */
  initialStep: StepId | null;
  /** The `renew` query parameter: an existing ad that pays opens at the payment view. */
  renew?: boolean;
  /**
   * The `product` query parameter: 'premium' makes the payment view feature the ad
   * (any type) instead of paying for its own type.
   */
  initialProduct?: PaymentProduct | null;
  /** A new ad was created: its id now names the wizard's ad. */
  onCreated: (adId: string) => void;
}

function locationOf(ad: Ad | null): LocationChoice {
  if (!ad) return { country: 'US', countryFull: '', city: '', cityFull: '' };
  const country = countryCodeSchema.safeParse(ad.country);
  return {
    country: country.success ? country.data : 'US',
    countryFull: ad.country_full,
    city: ad.city,
    cityFull: ad.city_full,
  };
}

/**
 * The ad wizard of SPEC.md sections 2 and 4: rules, location and type, the ad form,
 * photos, then Finalize Ad (free types) or Payment (paid types). The payment view
 * also features an existing ad of any type (product=premium), and a renewal opens
 * straight at it.
 */
export function AdWizard({
  initialAd: initialAd,
  initialStep,
  onCreated,
  renew = false,
  initialProduct = null,
}: AdWizardProps) {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();

  const [adId, setAdId] = useState<string | null>(initialAd?.post_id ?? null);
  // Featuring (premium) was asked for: the payment view sells that, whatever the type.
  const [featuring, setFeaturing] = useState(initialProduct === 'premium' && initialAd !== null);
  const initialPayment: PaymentProduct | null = featuring
    ? 'premium'
    : productForType(initialAd?.type ?? null);
  const [view, setView] = useState<WizardView>(() => {
    if (!initialAd) return 'rules';
    // SPEC.md section 2: a renewal jumps straight to the payment view.
    return renew && initialPayment !== null ? 'payment' : 'form';
  });
  // An ad that existed before this wizard, or one that went through Photos, may pay.
  const [photosPassed, setPhotosPassed] = useState(initialAd !== null);
  // Headings take focus only once the user has moved between views.
  const [moved, setMoved] = useState(false);
  const [rulesAccepted, setRulesAccepted] = useState(initialAd !== null);
  const [location, setLocation] = useState<LocationChoice>(() => locationOf(initialAd));
  const [type, setType] = useState<AdType | null>(initialAd?.type ?? null);
  const [form, setForm] = useState<AdFormState>(() =>
    initialAd ? adFormFromAd(initialAd) : emptyAdForm(''),
  );
  const [failureDetail, setFailureDetail] = useState<string | null>(null);
  // The Idempotency-Key of creating this ad: kept across the error view, for a retry.
  const [createKeys] = useState(createAttemptKeys);

  const adQuery = useAd(adId);
  const ad = adQuery.data ?? (initialAd?.post_id === adId ? initialAd : null);

  const steps = deriveSteps({
    view,
    rulesAccepted,
    type,
    city: location.city,
    adId: adId,
    ad: ad,
    photosPassed,
  });
  const paymentProduct: PaymentProduct | null = featuring ? 'premium' : productForType(type);

  const goTo = (next: WizardView) => {
    // Featuring lasts while its payment view is open; the Payment step pays for the type.
    if (next !== 'payment') setFeaturing(false);
    setView(next);
    setMoved(true);
    window.scrollTo(0, 0);
  };

  // A new ad starts afresh: forget the ad this browser was editing before.
  const isNew = initialAd === null;
  useEffect(() => {
    if (isNew) clearActiveAd();
  }, [isNew]);

  // The step query parameter opens its view after 400 ms, when that step is available.
  const [jumpTarget] = useState<WizardView | null>(() => {
    if (!initialStep) return null;
    const step = steps.find((candidate) => candidate.id === initialStep);
    const target = viewOfStep(initialStep);
    // Featuring opens the payment view for an ad of any type, free ones included.
    const available =
      initialStep === 'payment' && featuring ? adId !== null : (step?.available ?? false);
    return available && target && target !== view ? target : null;
  });
  useEffect(() => {
    if (!jumpTarget) return;
    const timer = setTimeout(() => {
      setView(jumpTarget);
      setMoved(true);
    }, stepJumpDelayMs);
    return () => clearTimeout(timer);
  }, [jumpTarget]);

  // Keep the ad id and the open step in the address, so a reload comes back here.
  const currentStep = stepOfView(view);
  useEffect(() => {
    const next = new URLSearchParams(params);
    if (adId) next.set('id', adId);
    if (currentStep) next.set('step', currentStep);
    if (featuring) next.set('product', 'premium');
    else next.delete('product');
    if (next.toString() !== params.toString()) setParams(next, { replace: true });
  }, [adId, currentStep, featuring, params, setParams]);

  const finishView = (adType: AdType | null): WizardView =>
    adType && isFreeType(adType) ? 'finalize' : 'payment';

  const onCreatedAd = (result: CreateAdResult) => {
    writeActiveAd({ post_id: result.post_id, token: result.token });
    adApi.sendEvent({ event: 'post_created', postId: result.post_id });
    setAdId(result.post_id);
    onCreated(result.post_id);
    void queryClient.invalidateQueries({ queryKey: ['posts'] });
    goTo('photos');
  };

  const onUpdatedAd = (updated: Ad) => {
    queryClient.setQueryData(adQueryKey(updated.post_id), updated);
    void queryClient.invalidateQueries({ queryKey: ['posts'] });
    goTo('photos');
  };

  // SPEC.md section 4: photo calls replace the post's photo list.
  const onPhotosChange = (photos: Photo[]) => {
    if (!adId) return;
    const key = adQueryKey(adId);
    if (queryClient.getQueryData<Ad>(key)) {
      queryClient.setQueryData<Ad>(key, (current) => current && { ...current, photos });
    } else {
      void queryClient.invalidateQueries({ queryKey: key });
    }
    // A photo change can send an approved ad back to review: My Posts shows that.
    void queryClient.invalidateQueries({ queryKey: ['posts'] });
  };

  const onPhotosStale = () => {
    if (adId) void queryClient.invalidateQueries({ queryKey: adQueryKey(adId) });
  };

  const onPhotosDone = () => {
    setPhotosPassed(true);
    goTo(finishView(type));
  };

  // The order completed: the ad's paid state (or premium) changed on the server.
  const onPaid = () => {
    if (adId) void queryClient.invalidateQueries({ queryKey: adQueryKey(adId) });
    void queryClient.invalidateQueries({ queryKey: ['posts'] });
  };

  const onCreateFailed = (error: unknown) => {
    setFailureDetail(errorMessage(error, '') || null);
    goTo('error');
  };

  const lockedEmail =
    adId !== null ? (ad?.email ?? form.values.email) : auth.loggedIn ? (auth.email ?? '') : null;

  return (
    <div className="wizard">
      <StepsBar
        steps={steps}
        onOpen={(step) => {
          const next = viewOfStep(step);
          if (next) goTo(next);
        }}
      />
      {view === 'rules' && (
        <RulesView
          accepted={rulesAccepted}
          onAcceptedChange={setRulesAccepted}
          onAgree={() => goTo('type')}
          focusHeading={moved}
        />
      )}
      {view === 'type' && (
        <TypeView
          location={location}
          type={type}
          typeLocked={adId !== null && !(ad?.lifecycle.freeTypeChoosable ?? false)}
          freeTypeChoosable={adId !== null && (ad?.lifecycle.freeTypeChoosable ?? false)}
          onLocationChange={setLocation}
          onTypeChange={setType}
          onContinue={() => goTo('form')}
          focusHeading={moved}
        />
      )}
      {view === 'form' && type !== null && (
        <AdFormView
          type={type}
          location={location}
          form={form}
          onFormChange={setForm}
          postId={adId}
          lockedEmail={lockedEmail}
          onCreated={onCreatedAd}
          onUpdated={onUpdatedAd}
          onCreateFailed={onCreateFailed}
          createKeys={createKeys}
          focusHeading={moved}
          lifecycle={adId !== null ? (ad?.lifecycle ?? null) : null}
        />
      )}
      {view === 'photos' && adId !== null && type !== null && (
        <PhotosView
          postId={adId}
          type={type}
          photos={ad?.photos ?? null}
          onPhotosChange={onPhotosChange}
          onStale={onPhotosStale}
          onDone={onPhotosDone}
          focusHeading={moved}
        />
      )}
      {view === 'finalize' && adId !== null && (
        <FinalizeView
          postId={adId}
          verified={type === 'free_verified'}
          photoCount={ad?.photos.length ?? null}
          onAddPhotos={() => goTo('photos')}
          loggedIn={auth.loggedIn}
          focusHeading={moved}
        />
      )}
      {view === 'payment' && adId !== null && paymentProduct !== null && (
        <PaymentView
          key={paymentProduct}
          adId={adId}
          product={paymentProduct}
          ad={ad}
          renew={renew}
          loggedIn={auth.loggedIn}
          onPaid={onPaid}
          focusHeading={moved}
        />
      )}
      {view === 'error' && (
        <FailureView
          reason="finishFailed"
          detail={failureDetail}
          loggedIn={auth.loggedIn}
          onBack={() => goTo('form')}
          focusHeading={moved}
        />
      )}
    </div>
  );
}
