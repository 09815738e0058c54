import {
  durationSaid,
  formatMoneyIn,
  isFreeType,
  type CityPrices,
  type CreatableAdType,
} from '@adboard/shared';
import { journeyText } from '../../i18n/areas';
import { useLanguage, useSay, useText } from '../../i18n/language-context';
import { productForType } from './payment-model';
import './type-price.css';

export interface PricesState {
  /** A city is chosen (prices are asked only then). */
  cityChosen: boolean;
  data: CityPrices | undefined;
  isError: boolean;
}

/**
 * A type card's price: 'Free' for a free type; for a paid one each option of the
 * chosen city as the server prices it, in the site's currency and in BTC.
 */
export function TypePrice({
  id,
  type,
  prices,
}: {
  id: string;
  type: CreatableAdType;
  prices: PricesState;
}) {
  const m = useText(journeyText).prices;
  const say = useSay();
  const { language } = useLanguage();
  const product = productForType(type);
  if (isFreeType(type) || product === null) {
    return (
      <span className="type-card__price" id={id}>
        <strong>{m.free}</strong>
      </span>
    );
  }
  const options = prices.data?.products[product];
  const currency = prices.data?.currency ?? '';
  return (
    <span className="type-card__prices" id={id}>
      {!prices.cityChosen ? (
        <span className="type-card__price-note">{m.chooseCity}</span>
      ) : prices.isError ? (
        <span className="type-card__price-note">{m.failed}</span>
      ) : !options ? (
        <span className="type-card__price-note">{m.loading}</span>
      ) : (
        options.map((option) => (
          <span key={option.id} className="type-card__price">
            <strong>
              {m.option({
                label: say(durationSaid(option.id)),
                price: formatMoneyIn(Number(option.amount), currency, language),
              })}
            </strong>
            {option.btc !== null && (
              <span className="type-card__btc"> {m.btc({ btc: option.btc })}</span>
            )}
          </span>
        ))
      )}
    </span>
  );
}

/** Under the cards: the rate the BTC amounts use, or that there is none now. */
export function PriceRateNote({ prices }: { prices: CityPrices | undefined }) {
  const m = useText(journeyText).prices;
  const { language } = useLanguage();
  if (!prices) return null;
  return (
    <p className="field__hint">
      {prices.rate
        ? m.rate({ rate: formatMoneyIn(Number(prices.rate.value), prices.currency, language) })
        : m.noRate}
    </p>
  );
}
