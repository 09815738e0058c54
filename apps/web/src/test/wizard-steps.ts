import { type CreatableAdType, catalogueAreas, messagesOf } from '@adboard/shared';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** The ad form's words in English, as the app shows them. */
const adFormWords = messagesOf(catalogueAreas.adForm, 'en');
const adTypeLabels = adFormWords.types;
const wizardWords = messagesOf(catalogueAreas.ads, 'en').wizard;

export function button(name: string) {
  return screen.getByRole<HTMLButtonElement>('button', { name });
}

/** Through the rules and the type step to the ad form, as a user clicks. */
export async function openForm(user: UserEvent, type: CreatableAdType, city = 'las-vegas') {
  await user.click(await screen.findByLabelText(wizardWords.rulesAccept));
  await user.click(button(wizardWords.agree));
  const citySelect = await screen.findByLabelText('City');
  await screen.findByRole('option', { name: 'Las Vegas' });
  await user.selectOptions(citySelect, city);
  await user.click(screen.getByRole('radio', { name: adTypeLabels[type].title }));
  await user.click(button('Continue'));
  await screen.findByRole('heading', { name: /^Posting on / });
}
