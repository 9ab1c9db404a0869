import type { PublicEndpoint } from './plans';

/**
 * What a key is for. A secret key (`fxrates_…`) is kept on a server; a publishable key
 * (`fxrates_pk_…`) may sit in a web page, so it reads rates only, from the origins it names; a test
 * key (`fxrates_test_…`) answers from the bundled snapshot, unmetered, for development and CI.
 */
export type ApiKeyKind = 'secret' | 'publishable' | 'test';
export const API_KEY_KINDS: readonly ApiKeyKind[] = ['secret', 'publishable', 'test'];

/** What a key may call; chosen at creation and editable. `webhooks` is reserved for webhook management. */
export type ApiKeyScope = 'rates:read' | 'history:read' | 'stream' | 'usage:read' | 'webhooks';
export const API_KEY_SCOPES: readonly ApiKeyScope[] = [
  'rates:read',
  'history:read',
  'stream',
  'usage:read',
  'webhooks',
];

/** The scopes a publishable key may hold: it is readable by anyone who opens the page that carries it. */
export const PUBLISHABLE_KEY_SCOPES: readonly ApiKeyScope[] = ['rates:read', 'history:read'];

/** The scope each /api/v1 endpoint needs (currencies need `rates:read`, usage needs `usage:read`). */
export const ENDPOINT_SCOPES: Readonly<Record<PublicEndpoint | 'currencies' | 'usage', ApiKeyScope>> = {
  latest: 'rates:read',
  rate: 'rates:read',
  convert: 'rates:read',
  'convert-batch': 'rates:read',
  currencies: 'rates:read',
  historical: 'history:read',
  timeseries: 'history:read',
  fluctuation: 'history:read',
  ohlc: 'history:read',
  average: 'history:read',
  fixings: 'history:read',
  stream: 'stream',
  usage: 'usage:read',
};

/** Longest time a rolled key's previous secret keeps working beside the new one. */
export const MAX_KEY_OVERLAP_HOURS = 7 * 24;
/** Most CIDR blocks, and most origins, one key may list. */
export const MAX_KEY_NETWORKS = 50;
export const MAX_KEY_ORIGINS = 20;

/** Largest monthly cap one key may set: far above any plan's quota. */
export const MAX_KEY_MONTHLY_CAP = 1_000_000_000;

/** What restricts a key, beyond its plan: all editable after creation (PATCH /api/keys/{id}). */
export interface ApiKeyRestrictions {
  scopes: ApiKeyScope[];
  /** IPv4/IPv6 CIDR blocks ("203.0.113.0/24", "2001:db8::/32"); empty: any address. */
  allowedNetworks: string[];
  /** Web origins ("https://shop.example.com") a publishable key answers; empty for other kinds. */
  allowedOrigins: string[];
  /** Metered calls this key may make per calendar month (UTC); null: only the plan's quota. */
  monthlyCap: number | null;
  /** ISO 8601 instant after which the key is refused (401 api-key-expired); null: never. */
  expiresAt: string | null;
}

/** The secret a roll replaced, while it still works. */
export interface RetiringSecret {
  /** e.g. "fxrates_••••…3f9a". */
  maskedKey: string;
  /** ISO 8601: when it stops working (401). */
  retiresAt: string;
}

/** Body of POST /api/keys. Omitted restrictions take their defaults: every scope the kind allows, no other limit. */
export interface CreateApiKeyRequest extends Partial<ApiKeyRestrictions> {
  name: string;
  kind?: ApiKeyKind;
}

/** Body of PATCH /api/keys/{id}: only what is sent changes. */
export type UpdateApiKeyRequest = Partial<ApiKeyRestrictions> & { name?: string };

/** Body of POST /api/keys/{id}/roll: how long the current secret keeps working beside the new one. */
export interface RollApiKeyRequest {
  /** 0 to MAX_KEY_OVERLAP_HOURS; 0 retires it at once. */
  overlapHours: number;
}
