import {
  adMessages,
  isFreeType,
  type AdType,
  type CreateAdResult,
  type PaymentProduct,
  type Photo,
  type Ad,
} from '@adboard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { clearActiveAd, writeActiveAd } from '../../lib/active-ad';
import { sayNow } from '../../i18n/say';
import { errorMessage } from '../../lib/api';
import { adApi } from '../../lib/ad-api';
import { lazyView } from '../../lib/lazy-screen';
import { createAttemptKeys } from '../../lib/request-key';
import { useAuth } from '../auth/auth-context';
import { useSite } from '../site/site-context';
import { Spinner } from '../ui/spinner';
import { clearDraft, pruneDrafts, readDraft, type AdDraft } from './ad-draft';
import { draftKey, type DraftOwner } from './draft-keys';
import type { AdFormState, LocationChoice } from './ad-form-model';
import { adQueryKey, useAd } from './ad-query';
import { DraftNote } from './draft-note';
import { FailureView } from './failure-view';
import { productForType } from './payment-model';
import { photosForReview } from './photos-model';
import { RulesView } from './rules-view';
import { StepsBar } from './steps-bar';
import { TypeView } from './type-view';
import { useDraftAutosave } from './use-draft-autosave';
import { useLeaveGuard } from './use-leave-guard';
import {
  adBaseline,
  contentFromDraft,
  contentOfAd,
  draftOf,
  restoredView,
  savedTextOf,
  type WizardContent,
} from './wizard-draft';
import {
  deriveSteps,
  stepJumpDelayMs,
  stepOfView,
  viewOfStep,
  type StepId,
  type WizardView,
} from './wizard-model';
import './wizard.css';

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

// The steps after the type are their own files (the ad form with its schemas, the
// photos with the drop zone, the payment): the wizard's first screen loads none of
// them, and each is fetched while the step before it is filled in.
const AdFormView = lazyView(() => import('./ad-form-view').then((module) => module.AdFormView));
const PhotosView = lazyView(() => import('./photos-view').then((module) => module.PhotosView));
const FinalizeView = lazyView(() =>
  import('./finalize-view').then((module) => module.FinalizeView),
);
const PaymentView = lazyView(() => import('./payment-view').then((module) => module.PaymentView));

/** The step files worth fetching while a view is shown: the ones that may come next. */
function preloadAfter(view: WizardView): void {
  if (view === 'type') void AdFormView.preload();
  if (view === 'form' || view === 'photos') {
    void PhotosView.preload();
    void FinalizeView.preload();
    void PaymentView.preload();
  }
}

/**
 * The ad wizard of SPEC.md sections 2 and 4: rules, location and type, the ad form,
 * photos, then Finalize Ad (free types) or Payment (paid types). The payment view
 * also features an existing ad of any type (product=premium), and a renewal opens
 * straight at it.
 */
export function AdWizard(props: AdWizardProps) {
  const site = useSite();
  const { loggedIn, userId } = useAuth();
  // Drafts are kept per person: a signed-in user without a known id keeps none.
  const owner: DraftOwner | null =
    loggedIn && !userId ? null : { siteId: site.id, userId: loggedIn ? userId : null };
  // Another person (sign-in, sign-out) or a discarded draft: the wizard starts again.
  const [generation, setGeneration] = useState(0);
  useEffect(() => pruneDrafts(), []);
  const ownerKey = owner ? draftKey(owner, null) : 'no-draft';
  return (
    <WizardBody
      key={`${ownerKey}#${generation}`}
      {...props}
      owner={owner}
      onDiscarded={() => setGeneration((count) => count + 1)}
    />
  );
}

/** The draft this wizard opens with, if it may restore one (docs/decisions.md). */
function draftToRestore(
  owner: DraftOwner | null,
  initialAd: Ad | null,
  jumpsAway: boolean,
): AdDraft | null {
  // A renewal or featuring opens the payment view: an edit's draft waits for the form.
  if (!owner || (initialAd && jumpsAway)) return null;
  const key = draftKey(owner, initialAd?.post_id ?? null);
  const draft = readDraft(key);
  if (!draft || !initialAd || draft.baseline === adBaseline(initialAd)) return draft;
  // The ad was saved since (another device): its draft no longer applies.
  clearDraft(key);
  return null;
}

function WizardBody({
  initialAd,
  initialStep,
  onCreated,
  renew = false,
  initialProduct = null,
  owner,
  onDiscarded,
}: AdWizardProps & { owner: DraftOwner | null; onDiscarded: () => void }) {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();

  const [adId, setAdId] = useState<string | null>(initialAd?.post_id ?? null);
  // Featuring (premium) was asked for: the payment view sells that, whatever the type,
  // if the lifecycle says the ad can be featured (else the wizard opens as for an edit).
  const [featuring, setFeaturing] = useState(
    initialProduct === 'premium' && initialAd !== null && initialAd.lifecycle.featurable,
  );
  const initialPayment: PaymentProduct | null = featuring
    ? 'premium'
    : productForType(initialAd?.type ?? null);
  const [restored] = useState(() =>
    draftToRestore(owner, initialAd, renew || initialProduct !== null),
  );
  const [saved] = useState(() => contentOfAd(initialAd));
  const [start] = useState<WizardContent>(() =>
    restored
      ? contentFromDraft(restored, saved, {
          isNew: initialAd === null,
          typeChoosable: initialAd?.lifecycle.freeTypeChoosable ?? false,
        })
      : saved,
  );
  // What the server has (or nothing, for a new ad): the draft is what differs from it.
  const [savedText, setSavedText] = useState(() => savedTextOf(saved));
  // The same, for the draft's writer between a change and the next render.
  const savedTextNow = useRef(savedText);
  const [restoredAt, setRestoredAt] = useState(restored?.savedAt ?? null);
  const [view, setView] = useState<WizardView>(() => {
    if (!initialAd) return restored ? restoredView(restored, start) : 'rules';
    // SPEC.md section 2: a renewal jumps straight to the payment view.
    return renew && initialPayment !== null ? 'payment' : 'form';
  });
  // An ad that existed before this wizard, or one that went through Photos, may pay.
  const [photosPassed, setPhotosPassed] = useState(initialAd !== null);
  // Headings take focus only once the user has moved between views.
  const [moved, setMoved] = useState(false);
  const [rulesAccepted, setRulesAccepted] = useState(start.rulesAccepted);
  const [location, setLocation] = useState<LocationChoice>(start.location);
  const [type, setType] = useState<AdType | null>(start.type);
  const [form, setForm] = useState<AdFormState>(start.form);
  // The form as changed, before the screen has drawn it: what the draft keeps.
  const formNow = useRef(form);
  const changeForm = useCallback((update: (current: AdFormState) => AdFormState) => {
    formNow.current = update(formNow.current);
    setForm(formNow.current);
  }, []);
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

  // The local draft: what differs from the saved ad, kept in this browser until saved.
  const content: WizardContent = { rulesAccepted, location, type, form };
  const unsaved = savedTextOf(content) !== savedText;
  const key = owner ? draftKey(owner, adId) : null;
  const baseline = adId === null ? null : ad ? adBaseline(ad) : null;
  const autosave = useDraftAutosave(
    key,
    () => {
      const now: WizardContent = { ...content, form: formNow.current };
      return savedTextOf(now) === savedTextNow.current ? null : draftOf(now, view, baseline);
    },
    restored !== null,
  );
  useLeaveGuard({
    active: unsaved,
    message: sayNow(adMessages.wizard.leaveUnsaved),
    // Post New Ad while on a new ad (or the same ad's wizard) leaves nothing behind.
    staysHere: (url) => url.pathname === pathname && url.searchParams.get('id') === adId,
    onLeave: autosave.flush,
  });
  // Saved: the draft has done its work.
  const onSaved = () => {
    if (key) autosave.clear(key);
    savedTextNow.current = savedTextOf(content);
    setSavedText(savedTextNow.current);
    setRestoredAt(null);
  };
  const onDiscard = () => {
    if (key) autosave.clear(key);
    onDiscarded();
  };

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

  // Keep the ad id and the open step in the address, so a reload comes back here. A new
  // ad's first step is what the bare address opens: it is not written, since changing
  // the address draws the whole app again, and the wizard opens on it.
  const currentStep = stepOfView(view);
  useEffect(() => {
    const next = new URLSearchParams(params);
    if (adId) next.set('id', adId);
    if (currentStep === 'rules' && !adId) next.delete('step');
    else if (currentStep) next.set('step', currentStep);
    if (featuring) next.set('product', 'premium');
    else next.delete('product');
    if (next.toString() !== params.toString()) setParams(next, { replace: true });
  }, [adId, currentStep, featuring, params, setParams]);

  const finishView = (adType: AdType | null): WizardView =>
    adType && isFreeType(adType) ? 'finalize' : 'payment';

  const onCreatedAd = (result: CreateAdResult) => {
    onSaved();
    writeActiveAd({ post_id: result.post_id, token: result.token });
    adApi.sendEvent({ event: 'post_created', postId: result.post_id });
    setAdId(result.post_id);
    onCreated(result.post_id);
    void queryClient.invalidateQueries({ queryKey: ['posts'] });
    goTo('photos');
  };

  const onUpdatedAd = (updated: Ad) => {
    onSaved();
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

  useEffect(() => preloadAfter(view), [view]);

  return (
    <div className="wizard">
      <StepsBar
        steps={steps}
        onOpen={(step) => {
          const next = viewOfStep(step);
          if (next) goTo(next);
        }}
      />
      {restoredAt !== null && <DraftNote savedAt={restoredAt} onDiscard={onDiscard} />}
      <Suspense fallback={<Spinner />}>
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
            onFormChange={changeForm}
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
            verificationCode={ad?.verification_photo_code ?? null}
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
            photoCount={ad ? photosForReview(ad.type, ad.photos) : null}
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
      </Suspense>
    </div>
  );
}
