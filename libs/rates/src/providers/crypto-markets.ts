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
  // The rest of the catalogue, read from CoinGecko alone: a wrong Binance pair would fail Binance's
  // whole request (error -1121), so exchange markets are added only where checked. POL shares
  // MATIC's coin (the 1:1 migration); PAXG and XAUT are gold tokens, crypto, never metal.
  '1INCH': geckoOnly('1inch'),
  AKT: geckoOnly('akash-network'),
  AMP: geckoOnly('amp-token'),
  APE: geckoOnly('apecoin'),
  AR: geckoOnly('arweave'),
  AXS: geckoOnly('axie-infinity'),
  BAKE: geckoOnly('bakerytoken'),
  BAT: geckoOnly('basic-attention-token'),
  BSV: geckoOnly('bitcoin-cash-sv'),
  BSW: geckoOnly('biswap'),
  BTG: geckoOnly('bitcoin-gold'),
  BTT: geckoOnly('bittorrent'),
  CAKE: geckoOnly('pancakeswap-token'),
  CELO: geckoOnly('celo'),
  CFX: geckoOnly('conflux-token'),
  CHZ: geckoOnly('chiliz'),
  COMP: geckoOnly('compound-governance-token'),
  CRO: geckoOnly('crypto-com-chain'),
  CRV: geckoOnly('curve-dao-token'),
  CSPR: geckoOnly('casper-network'),
  CVX: geckoOnly('convex-finance'),
  DASH: geckoOnly('dash'),
  DCR: geckoOnly('decred'),
  DFI: geckoOnly('defichain'),
  DYDX: geckoOnly('dydx-chain'),
  EGLD: geckoOnly('elrond-erd-2'),
  ENJ: geckoOnly('enjincoin'),
  EOS: geckoOnly('eos'),
  EURC: geckoOnly('euro-coin'),
  FLOW: geckoOnly('flow'),
  FLR: geckoOnly('flare-networks'),
  FRAX: geckoOnly('frax'),
  FTT: geckoOnly('ftx-token'),
  GALA: geckoOnly('gala'),
  GMX: geckoOnly('gmx'),
  GNO: geckoOnly('gnosis'),
  GRT: geckoOnly('the-graph'),
  GT: geckoOnly('gatechain-token'),
  GUSD: geckoOnly('gemini-dollar'),
  HNT: geckoOnly('helium'),
  HOT: geckoOnly('holotoken'),
  HT: geckoOnly('huobi-token'),
  IMX: geckoOnly('immutable-x'),
  INJ: geckoOnly('injective-protocol'),
  KAS: geckoOnly('kaspa'),
  KAVA: geckoOnly('kava'),
  KCS: geckoOnly('kucoin-shares'),
  KDA: geckoOnly('kadena'),
  KLAY: geckoOnly('klay-token'),
  KNC: geckoOnly('kyber-network-crystal'),
  KSM: geckoOnly('kusama'),
  LDO: geckoOnly('lido-dao'),
  LEO: geckoOnly('leo-token'),
  LRC: geckoOnly('loopring'),
  LUNC: geckoOnly('terra-luna'),
  MANA: geckoOnly('decentraland'),
  MBX: geckoOnly('marblex'),
  MINA: geckoOnly('mina-protocol'),
  MKR: geckoOnly('maker'),
  MTL: geckoOnly('metal'),
  NEO: geckoOnly('neo'),
  NEXO: geckoOnly('nexo'),
  NFT: geckoOnly('apenft'),
  NLG: geckoOnly('gulden'),
  OKB: geckoOnly('okb'),
  ONE: geckoOnly('harmony'),
  ORDI: geckoOnly('ordinals'),
  PAXG: geckoOnly('pax-gold'),
  PEPE: geckoOnly('pepe'),
  PI: geckoOnly('pi-network'),
  POL: geckoOnly('polygon-ecosystem-token'),
  QNT: geckoOnly('quant-network'),
  QTUM: geckoOnly('qtum'),
  RPL: geckoOnly('rocket-pool'),
  RUNE: geckoOnly('thorchain'),
  RVN: geckoOnly('ravencoin'),
  SAND: geckoOnly('the-sandbox'),
  SNX: geckoOnly('havven'),
  STX: geckoOnly('blockstack'),
  THETA: geckoOnly('theta-token'),
  TUSD: geckoOnly('true-usd'),
  TWT: geckoOnly('trust-wallet-token'),
  USDD: geckoOnly('usdd'),
  USDP: geckoOnly('paxos-standard'),
  VAL: geckoOnly('validity'),
  VET: geckoOnly('vechain'),
  WAVES: geckoOnly('waves'),
  WEMIX: geckoOnly('wemix-token'),
  WOO: geckoOnly('woo-network'),
  XAUT: geckoOnly('tether-gold'),
  XCH: geckoOnly('chia'),
  XDC: geckoOnly('xdce-crowd-sale'),
  XEC: geckoOnly('ecash'),
  XEM: geckoOnly('nem'),
  XMR: geckoOnly('monero'),
  ZEC: geckoOnly('zcash'),
  ZIL: geckoOnly('zilliqa'),
};

/** An asset priced by CoinGecko only (no exchange market of ours). */
function geckoOnly(coingecko: string): CryptoMarkets {
  return { coingecko };
}

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
