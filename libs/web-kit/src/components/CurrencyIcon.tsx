import { currencyIconPath, type Currency } from '@fxrates/domain';

/**
 * The currency's flag or logo: a static SVG file loaded by URL when it comes into view, so that no
 * icon set is bundled into JavaScript. Decorative: the text next to it names the currency.
 */
export function CurrencyIcon({ currency }: { currency: Currency | undefined }) {
  if (!currency) return null;
  const fiat = currency.type === 'fiat';
  return (
    <img
      src={currencyIconPath(currency)}
      width={fiat ? 20 : 18}
      height={fiat ? 15 : 18}
      alt=""
      loading="lazy"
      data-currency-icon={currency.code}
      style={{ flex: 'none', borderRadius: fiat ? 2 : '50%', objectFit: 'cover' }}
    />
  );
}
