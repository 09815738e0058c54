import { countryCodeSchema, creatableAdTypes, typeBadge, type AdType } from '@adboard/shared';
import { useId } from 'react';
import { SelectField } from '../ui/select-field';
import type { LocationChoice } from './ad-form-model';
import { PriceRateNote, TypePrice } from './type-price';
import { useCityPrices, useCountryNames, useLocations } from './use-locations';
import { ViewHeading } from './view-heading';
import './wizard.css';
import './type-view.css';
import { adFormText, appScreensText, authScreensText, adsText } from '../../i18n/areas';
import { useSay, useText } from '../../i18n/language-context';

interface TypeViewProps {
  location: LocationChoice;
  type: AdType | null;
  /** An existing ad keeps its type. */
  typeLocked: boolean;
  /** An existing VIP ad with nothing paid may become a free ad (the server's lifecycle says). */
  freeTypeChoosable?: boolean;
  onLocationChange: (location: LocationChoice) => void;
  onTypeChange: (type: AdType) => void;
  onContinue: () => void;
  focusHeading: boolean;
}

/** Step 2: the city of the ad, then its type, each with its price in that city (the server's). */
export function TypeView({
  location,
  type,
  typeLocked,
  freeTypeChoosable = false,
  onLocationChange,
  onTypeChange,
  onContinue,
  focusHeading,
}: TypeViewProps) {
  const adsWords = useText(adsText);
  const screenText = useText(appScreensText);
  const formWords = useText(adFormText);
  const authText = useText(authScreensText);
  const say = useSay();
  const baseId = useId();
  const helpId = `${baseId}-help`;
  const { countries, cities } = useLocations(location.country);
  const prices = useCityPrices(location.country, location.city);
  const priceState = {
    cityChosen: location.city !== '',
    data: prices.data,
    isError: prices.isError,
  };

  // The countries' names in the app's language, not the server's (English) ones.
  const countryName = useCountryNames();
  const countryLabel = (code: string): string =>
    countryName(
      code,
      countries.data?.find((option) => option._id.country === code)?._id.country_full,
    );

  const countryOptions = countries.data
    ? countries.data.map((option) => ({
        value: option._id.country,
        label: countryName(option._id.country, option._id.country_full),
      }))
    : [{ value: location.country, label: countryName(location.country) }];
  const cityOptions = (cities.data ?? []).map((option) => ({
    value: option.city,
    label: option.city_full,
  }));
  // Keep the chosen city shown while its country's list is (re)loading.
  if (location.city && !cityOptions.some((option) => option.value === location.city)) {
    cityOptions.unshift({ value: location.city, label: location.cityFull || location.city });
  }

  const onCountry = (value: string) => {
    const code = countryCodeSchema.safeParse(value);
    if (!code.success || code.data === location.country) return;
    onLocationChange({
      country: code.data,
      countryFull: countryLabel(code.data),
      city: '',
      cityFull: '',
    });
  };

  const onCity = (value: string) => {
    const city = cities.data?.find((option) => option.city === value);
    onLocationChange({
      ...location,
      countryFull: countryLabel(location.country),
      city: value,
      cityFull: city?.city_full ?? '',
    });
  };

  const help =
    location.city === ''
      ? adsWords.wizard.selectCityFirst
      : type === null
        ? adsWords.wizard.selectTypeFirst
        : null;
  const lockedOther = typeLocked && type !== null && !creatableAdTypes.some((t) => t === type);

  return (
    <section className="wizard__view">
      <ViewHeading focus={focusHeading}>{screenText.wizard.typeHeading}</ViewHeading>
      <fieldset className="fieldset">
        <legend className="fieldset__legend">{screenText.wizard.chooseLocation}</legend>
        <div className="fieldset__row">
          <SelectField
            label={screenText.wizard.country}
            name="country"
            value={location.country}
            options={countryOptions}
            onValueChange={onCountry}
          />
          <SelectField
            label={screenText.wizard.city}
            name="city"
            value={location.city}
            options={cityOptions}
            emptyLabel={
              cities.isPending ? screenText.wizard.loadingCities : screenText.wizard.selectCity
            }
            onValueChange={onCity}
            aria-busy={cities.isFetching}
          />
        </div>
      </fieldset>
      <fieldset className="fieldset" disabled={typeLocked}>
        <legend className="fieldset__legend">{screenText.wizard.chooseType}</legend>
        {typeLocked && <p className="field__hint">{adsWords.form.typeCannotChange}</p>}
        {freeTypeChoosable && <p className="field__hint">{adsWords.form.typeFreeChoosable}</p>}
        {lockedOther && type !== null && (
          <p>
            {screenText.wizard.adTypeShown} <strong>{say(typeBadge(type, null))}</strong>
          </p>
        )}
        <div className="type-cards">
          {creatableAdTypes.map((option) => {
            const titleId = `${baseId}-${option}-title`;
            const descriptionId = `${baseId}-${option}-description`;
            const priceId = `${baseId}-${option}-price`;
            return (
              <label
                key={option}
                className={type === option ? 'type-card type-card--checked' : 'type-card'}
              >
                <input
                  type="radio"
                  className="type-card__input"
                  name={`${baseId}-type`}
                  value={option}
                  checked={type === option}
                  disabled={typeLocked}
                  onChange={() => onTypeChange(option)}
                  aria-labelledby={titleId}
                  aria-describedby={`${descriptionId} ${priceId}`}
                />
                <span className="type-card__text">
                  <span className="type-card__title" id={titleId}>
                    {formWords.types[option].title}
                  </span>
                  <span className="type-card__description" id={descriptionId}>
                    {formWords.types[option].description}
                  </span>
                  <TypePrice id={priceId} type={option} prices={priceState} />
                </span>
              </label>
            );
          })}
        </div>
        {location.city !== '' && <PriceRateNote prices={prices.data} />}
      </fieldset>
      <div className="wizard__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={help !== null}
          aria-describedby={help ? helpId : undefined}
          onClick={onContinue}
        >
          {authText.common.continue}
        </button>
        {help && (
          <p className="field__hint" id={helpId}>
            {help}
          </p>
        )}
      </div>
    </section>
  );
}
