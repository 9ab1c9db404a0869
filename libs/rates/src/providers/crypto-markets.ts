/**
 * Where each crypto asset trades on the exchanges we read: its CoinGecko id, Binance USDT pair and
 * Coinbase USD product. An asset without an entry is not requested; an exchange without a market
 * for it is simply not asked. MATIC is quoted through POL, the token it migrated to 1:1 in 2024.
 */
interface CryptoMarkets {
  coingecko: string;
  binance?: string;
  coinbase?: string;
}

const market = (coingecko: string, ticker: string, on: { binance?: boolean; coinbase?: boolean } = {}) => ({
  coingecko,
  ...(on.binance === false ? {} : { binance: `${ticker}USDT` }),
  ...(on.coinbase === false ? {} : { coinbase: `${ticker}-USD` }),
});

export const CRYPTO_MARKETS: Readonly<Record<string, CryptoMarkets>> = {
  BTC: market('bitcoin', 'BTC'),
  ETH: market('ethereum', 'ETH'),
  SOL: market('solana', 'SOL'),
  BNB: market('binancecoin', 'BNB', { coinbase: false }),
  ADA: market('cardano', 'ADA'),
  XRP: market('ripple', 'XRP'),
  DOT: market('polkadot', 'DOT'),
  DOGE: market('dogecoin', 'DOGE'),
  AVAX: market('avalanche-2', 'AVAX'),
  MATIC: market('polygon-ecosystem-token', 'POL'),
  LINK: market('chainlink', 'LINK'),
  UNI: market('uniswap', 'UNI'),
  ATOM: market('cosmos', 'ATOM'),
  LTC: market('litecoin', 'LTC'),
  USDT: { coingecko: 'tether', coinbase: 'USDT-USD' },
  USDC: { coingecko: 'usd-coin', binance: 'USDCUSDT', coinbase: 'USDC-USD' },
  TRX: market('tron', 'TRX', { coinbase: false }),
  SHIB: market('shiba-inu', 'SHIB'),
  XLM: market('stellar', 'XLM'),
  BCH: market('bitcoin-cash', 'BCH'),
  ETC: market('ethereum-classic', 'ETC'),
  FIL: market('filecoin', 'FIL'),
  NEAR: market('near', 'NEAR'),
  APT: market('aptos', 'APT'),
  ARB: market('arbitrum', 'ARB'),
  OP: market('optimism', 'OP'),
  AAVE: market('aave', 'AAVE'),
  ALGO: market('algorand', 'ALGO'),
  XTZ: market('tezos', 'XTZ'),
  HBAR: market('hedera-hashgraph', 'HBAR'),
  ICP: market('internet-computer', 'ICP'),
  SUI: market('sui', 'SUI'),
  TON: market('the-open-network', 'TON', { coinbase: false }),
  DAI: { coingecko: 'dai', coinbase: 'DAI-USD' },
};

/** The asset codes among `symbols` that `exchange` has a market for, with that market's name. */
export function marketsOn(
  exchange: keyof CryptoMarkets,
  symbols: readonly string[],
): Array<{ code: string; market: string }> {
  const found: Array<{ code: string; market: string }> = [];
  for (const code of symbols) {
    const name = CRYPTO_MARKETS[code]?.[exchange];
    if (name) found.push({ code, market: name });
  }
  return found;
}
