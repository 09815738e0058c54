import { isFreeType, type PaymentProduct } from '@adboard/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AdvertiserSecondFactorDoor } from '../features/account/second-factor-door';
import { useRole } from '../features/admin/use-role';
import { useAuth } from '../features/auth/auth-context';
import { useDocumentTitle } from '../features/site/site-context';
import { ScreenCard } from '../features/ui/screen-card';
import { Spinner } from '../features/ui/spinner';
import { adQueryKey } from '../features/wizard/ad-query';
import { AdWizard } from '../features/wizard/ad-wizard';
import { FailureView } from '../features/wizard/failure-view';
import { RenewFreeView } from '../features/wizard/renew-free-view';
import { parseStepParam, type StepId } from '../features/wizard/wizard-model';
import { writeActiveAd } from '../lib/active-ad';
import { adApi } from '../lib/ad-api';
import { appScreensText } from '../i18n/areas';
import { useText } from '../i18n/language-context';

/**
 * /edit-post?id=&edit=&renew=&step=&product=: the ad wizard. Without an id a new ad
 * starts at the rules; with one the ad is loaded first (`edit` is 'auth' for the
 * signed-in owner, or the emailed edit token, kept as the active post). `renew`
 * opens the payment view at once (a free ad: its free renewal); `product=premium`
 * makes it feature the ad.
 */
export default function EditAdScreen() {
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() || null;
  const edit = params.get('edit')?.trim() || null;
  const step = parseStepParam(params.get('step'));
  const renew = isSet(params.get('renew'));
  const product: PaymentProduct | null = params.get('product') === 'premium' ? 'premium' : null;

  // The ad this wizard created keeps its wizard when its id enters the address.
  const [createdId, setCreatedId] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const [previousId, setPreviousId] = useState(id);
  if (id !== previousId) {
    setPreviousId(id);
    if (id === null) {
      // "Post New Ad" while editing: start over.
      setCreatedId(null);
      setGeneration((count) => count + 1);
    }
  }

  const editing = id !== null && id !== createdId;
  const wizardText = useText(appScreensText).wizard;
  useDocumentTitle(id ? wizardText.editAdDocumentTitle : wizardText.newAdTitle);
  // A signed-in account its site holds at the second-factor door changes no ad (issue 27):
  // a new ad waits behind the door; an existing one still shows (its steps, its payment
  // and receipt), under the door's word, and the server refuses its changes.
  const { secondFactorMissing } = useRole();

  return (
    <ScreenCard title={id ? wizardText.editAdTitle : wizardText.newAdTitle} width="wide">
      {secondFactorMissing && <AdvertiserSecondFactorDoor />}
      {editing ? (
        <ExistingAd key={id} id={id} edit={edit} step={step} renew={renew} product={product} />
      ) : secondFactorMissing && id === null ? null : (
        <AdWizard
          key={`new-${generation}`}
          initialAd={null}
          initialStep={step}
          onCreated={setCreatedId}
        />
      )}
    </ScreenCard>
  );
}

/** A query flag: present and not '0' or 'false'. */
function isSet(value: string | null): boolean {
  return value !== null && !['0', 'false'].includes(value.trim().toLowerCase());
}

function ExistingAd({
  id,
  edit,
  step,
  renew,
  product,
}: {
  id: string;
  edit: string | null;
  step: StepId | null;
  renew: boolean;
  product: PaymentProduct | null;
}) {
  const screenText = useText(appScreensText);
  const { loggedIn } = useAuth();
  const ad = useQuery({
    queryKey: adQueryKey(id),
    queryFn: () => {
      // An emailed edit link: its token authorises this ad's calls from now on.
      if (edit && edit !== 'auth') writeActiveAd({ post_id: id, token: edit });
      return adApi.getAd(id);
    },
    retry: false,
    // The form starts from the ad as the server has it now, never from an older copy.
    staleTime: 0,
    refetchOnWindowFocus: false,
  });

  if (ad.isError) {
    return <FailureView reason="notFound" loggedIn={loggedIn} focusHeading={false} />;
  }
  if (!ad.data || !ad.isFetchedAfterMount) return <Spinner label={screenText.wizard.loadingAd} />;
  // A free ad renews for free (back to review); paid ads and featuring go to the payment view.
  if (renew && product === null && isFreeType(ad.data.type)) {
    return <RenewFreeView ad={ad.data} loggedIn={loggedIn} />;
  }
  return (
    <AdWizard
      initialAd={ad.data}
      initialStep={step}
      renew={renew}
      initialProduct={product}
      onCreated={() => undefined}
    />
  );
}
