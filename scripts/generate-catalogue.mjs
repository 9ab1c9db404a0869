// `npm run catalogue:generate`: writes libs/domain/src/catalogue-data.generated.ts from maintained
// data packages: ISO 4217 codes, names and minor units (currency-codes), the countries using each
// currency for its flag (countries-list; the SVG from flag-icons), crypto names (cryptocurrency-icons'
// manifest) and logos (@web3icons/core, served by frontends/currency-icons-plugin.cjs). Only
// currencies the bundled rates snapshot quotes are listed, so every entry can be converted offline.
// Names and symbols come from the ICU data of the Node that runs this (CLDR), minor units never do:
// ICU disagrees with ISO 4217 for about 18 codes.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as prettier from 'prettier';

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, '..');
const versionOf = (name) =>
  JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
const iso = require('currency-codes');
const { countries, getEmojiFlag } = require('countries-list');
const iconManifest = require('cryptocurrency-icons/manifest.json');
const snapshot = require('@fawazahmed0/currency-api/v1/currencies/usd.min.json');
const flagDir = path.join(path.dirname(require.resolve('flag-icons/package.json')), 'flags/4x3');
// The package exports no package.json: its main module sits in dist/, beside svgs/.
const tokenDir = path.join(path.dirname(require.resolve('@web3icons/core')), 'svgs/tokens/branded');

const quoted = new Set(Object.keys(snapshot.usd).map((code) => code.toUpperCase()));

/** ISO codes that are not a currency people hold, or no longer circulate. */
const NOT_LISTED = new Map([
  ...['XAG', 'XAU', 'XPD', 'XPT'].map((c) => [c, 'precious metal']),
  ...['XDR', 'XSU', 'XUA', 'XBA', 'XBB', 'XBC', 'XBD', 'XTS', 'XXX'].map((c) => [c, 'unit of account']),
  ...['BOV', 'CHE', 'CHW', 'CLF', 'COU', 'MXV', 'USN', 'UYI', 'UYW'].map((c) => [c, 'fund code']),
  ['BGN', 'replaced by EUR on 2026-01-01'],
  ['CUC', 'withdrawn in 2021'],
  ['HRK', 'replaced by EUR on 2023-01-01'],
  ['SLL', 'replaced by SLE'],
  ['ZWL', 'replaced by ZWG'],
  ['VED', 'digital form of VES'],
]);

/** Currencies of a region or a union: the flag of the union, or of the issuing central bank's seat. */
const REGIONAL_FLAGS = {
  EUR: '🇪🇺',
  XOF: getEmojiFlag('SN'), // BCEAO, Dakar
  XAF: getEmojiFlag('CM'), // BEAC, Yaoundé
  XCD: getEmojiFlag('KN'), // ECCB, Basseterre
  XPF: getEmojiFlag('PF'), // IEOM, French Polynesia
  ANG: getEmojiFlag('CW'), // Curaçao and Sint Maarten
  USD: getEmojiFlag('US'),
  AUD: getEmojiFlag('AU'),
  NZD: getEmojiFlag('NZ'),
  CHF: getEmojiFlag('CH'),
  INR: getEmojiFlag('IN'),
  ZAR: getEmojiFlag('ZA'),
  DKK: getEmojiFlag('DK'),
  NOK: getEmojiFlag('NO'),
  MAD: getEmojiFlag('MA'),
  ILS: getEmojiFlag('IL'),
};

/** The ISO 3166 code (or EU) of the emoji flag: its two regional-indicator letters. */
function countryOfFlag(flag) {
  return [...flag].map((c) => String.fromCharCode(c.codePointAt(0) - 0x1f1e6 + 97)).join('');
}

/** The flag-icons file of the flag, when the package has one (a currency without gets a neutral icon). */
function flagFileOf(flag) {
  const file = `${countryOfFlag(flag)}.svg`;
  return existsSync(path.join(flagDir, file)) ? { flagFile: file } : {};
}

function flagOf(code) {
  if (REGIONAL_FLAGS[code]) return REGIONAL_FLAGS[code];
  // Most ISO 4217 codes start with the ISO 3166 code of their country (JPY → JP).
  const prefix = code.slice(0, 2);
  if (countries[prefix]?.currency.includes(code)) return getEmojiFlag(prefix);
  const users = Object.entries(countries).filter(([, country]) => country.currency.includes(code));
  if (users.length === 0) throw new Error(`no country uses ${code}: add it to REGIONAL_FLAGS`);
  return getEmojiFlag(users.sort(([a], [b]) => a.localeCompare(b))[0][0]);
}

const names = new Intl.DisplayNames('en', { type: 'currency' });
function symbolOf(code) {
  const parts = new Intl.NumberFormat('en', {
    style: 'currency',
    currency: code,
    currencyDisplay: 'narrowSymbol',
  }).formatToParts(1);
  return parts.find((p) => p.type === 'currency')?.value ?? code;
}

const fiat = iso.data
  .filter((entry) => quoted.has(entry.code) && !NOT_LISTED.has(entry.code))
  .map((entry) => ({
    code: entry.code,
    name: names.of(entry.code) ?? entry.currency,
    symbol: symbolOf(entry.code),
    minorUnits: entry.digits,
    flag: flagOf(entry.code),
    ...flagFileOf(flagOf(entry.code)),
  }));

/**
 * Crypto assets the snapshot quotes, minus aliases and dead tokens. Names come from the icon
 * package's manifest where it has the asset, otherwise from here.
 */
const CRYPTO_NOT_LISTED = new Set(['XBT', 'FEI', 'BUSD', 'LUNA']);
const CRYPTO_NAMES = {
  AKT: 'Akash Network',
  APT: 'Aptos',
  AR: 'Arweave',
  ARB: 'Arbitrum',
  AXS: 'Axie Infinity',
  BAKE: 'BakeryToken',
  BSW: 'Biswap',
  CAKE: 'PancakeSwap',
  CELO: 'Celo',
  CFX: 'Conflux',
  CRO: 'Cronos',
  CSPR: 'Casper',
  CVX: 'Convex Finance',
  DFI: 'DeFiChain',
  DYDX: 'dYdX',
  EGLD: 'MultiversX',
  EURC: 'Euro Coin',
  FLOW: 'Flow',
  FLR: 'Flare',
  FRAX: 'Frax',
  FTT: 'FTX Token',
  GALA: 'Gala',
  GMX: 'GMX',
  GT: 'GateToken',
  HBAR: 'Hedera',
  HNT: 'Helium',
  IMX: 'Immutable',
  INJ: 'Injective',
  KAS: 'Kaspa',
  KAVA: 'Kava',
  KDA: 'Kadena',
  KLAY: 'Klaytn',
  LDO: 'Lido DAO',
  LUNC: 'Terra Classic',
  MBX: 'MARBLEX',
  MINA: 'Mina',
  NEAR: 'NEAR Protocol',
  NFT: 'APENFT',
  OKB: 'OKB',
  OP: 'Optimism',
  ORDI: 'ORDI',
  PEPE: 'Pepe',
  PI: 'Pi Network',
  POL: 'POL (ex-MATIC)',
  RPL: 'Rocket Pool',
  RUNE: 'THORChain',
  SHIB: 'Shiba Inu',
  SUI: 'Sui',
  TWT: 'Trust Wallet Token',
  USDD: 'USDD',
  USDP: 'Pax Dollar',
  VAL: 'Validity',
  WEMIX: 'WEMIX',
  WOO: 'WOO',
  XAUT: 'Tether Gold',
  XCH: 'Chia',
  XDC: 'XDC Network',
  XEC: 'eCash',
  MATIC: 'Polygon',
};
const manifestNames = new Map(iconManifest.map((entry) => [entry.symbol, entry.name]));
const cryptoCodes = [...quoted]
  .filter((code) => !iso.code(code) && !NOT_LISTED.has(code) && !CRYPTO_NOT_LISTED.has(code))
  .filter((code) => CRYPTO_NAMES[code] || manifestNames.has(code));
const crypto = [...new Set([...cryptoCodes, 'MATIC'])].sort().map((code) => {
  const iconFile = `${code.toLowerCase()}.svg`;
  return {
    code,
    name: CRYPTO_NAMES[code] ?? manifestNames.get(code),
    ...(existsSync(path.join(tokenDir, `${code}.svg.js`)) ? { iconFile } : {}),
  };
});
const unnamed = [...quoted].filter(
  (code) =>
    !iso.code(code) &&
    !NOT_LISTED.has(code) &&
    !CRYPTO_NOT_LISTED.has(code) &&
    !crypto.some((c) => c.code === code),
);

const source = `// Generated by \`npm run catalogue:generate\` (scripts/generate-catalogue.mjs). Do not edit.
// ISO 4217 data of ${require('currency-codes/iso-4217-publish-date.js')}; countries-list ${versionOf('countries-list')}; cryptocurrency-icons ${versionOf('cryptocurrency-icons')};
// flag-icons ${versionOf('flag-icons')}; @web3icons/core ${versionOf('@web3icons/core')}.

export interface GeneratedFiat {
  code: string;
  name: string;
  symbol: string;
  minorUnits: number;
  flag: string;
  /** The flag's file under /flags/ (flag-icons), where the package has it. */
  flagFile?: string;
}

export interface GeneratedCrypto {
  code: string;
  name: string;
  /** The logo's file under /crypto-icons/ (@web3icons/core), where the package has it. */
  iconFile?: string;
}

export const GENERATED_FIAT: readonly GeneratedFiat[] = ${JSON.stringify(fiat, null, 2)};

export const GENERATED_CRYPTO: readonly GeneratedCrypto[] = ${JSON.stringify(crypto, null, 2)};
`;
const target = path.join(root, 'libs/domain/src/catalogue-data.generated.ts');
const formatted = await prettier.format(source, {
  ...(await prettier.resolveConfig(target)),
  filepath: target,
});
if (process.argv.includes('--check')) {
  const current = existsSync(target) ? readFileSync(target, 'utf8') : '';
  if (current !== formatted) {
    console.error(`${path.relative(root, target)} is out of date: run npm run catalogue:generate`);
    process.exit(1);
  }
  console.log(`${path.relative(root, target)} is up to date (${fiat.length} fiat, ${crypto.length} crypto)`);
} else {
  writeFileSync(target, formatted);
  console.log(`${fiat.length} fiat, ${crypto.length} crypto → ${path.relative(root, target)}`);
  if (unnamed.length) {
    console.log(`Quoted by the snapshot, not listed (legacy or non-ISO codes): ${unnamed.join(' ')}`);
  }
}
