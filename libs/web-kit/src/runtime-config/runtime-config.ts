/** Names of the remotes the shell loads; each has a manifest URL in the runtime config. */
export type RemoteName = 'marketing' | 'dashboard' | 'billing';

export const REMOTE_NAMES: readonly RemoteName[] = ['marketing', 'dashboard', 'billing'];

/** The public runtime configuration served as `/config.json` by the shell origin. */
export interface RuntimeConfig {
  /** Base of the app API, e.g. "/api" (same origin) or an absolute URL. */
  apiBaseUrl: string;
  productName: string;
  supportEmail: string;
  apiKeyPrefix: string;
  /** reCAPTCHA v3 site key of the contact form; empty where the API checks no reCAPTCHA (development). */
  recaptchaSiteKey: string;
  /** URL of PayPal's JS SDK to load instead of PayPal's own (the local stand-in); empty for PayPal's. */
  paypalSdkUrl: string;
  /** mf-manifest.json URL of each remote. */
  remotes: Record<RemoteName, string>;
}

export const RUNTIME_CONFIG_URL = '/config.json';

export class RuntimeConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RuntimeConfigError';
  }
}

function requireString(source: Record<string, unknown>, field: string, path = field): string {
  const value = source[field];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new RuntimeConfigError(`Runtime config: "${path}" must be a non-empty string`);
  }
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Validates the untrusted JSON of /config.json into a RuntimeConfig. */
export function parseRuntimeConfig(json: unknown): RuntimeConfig {
  if (!isRecord(json)) throw new RuntimeConfigError('Runtime config must be a JSON object');
  const remotes = json.remotes;
  if (!isRecord(remotes)) throw new RuntimeConfigError('Runtime config: "remotes" must be an object');
  return {
    apiBaseUrl: requireString(json, 'apiBaseUrl'),
    productName: requireString(json, 'productName'),
    supportEmail: requireString(json, 'supportEmail'),
    apiKeyPrefix: requireString(json, 'apiKeyPrefix'),
    recaptchaSiteKey: typeof json.recaptchaSiteKey === 'string' ? json.recaptchaSiteKey : '',
    paypalSdkUrl: typeof json.paypalSdkUrl === 'string' ? json.paypalSdkUrl : '',
    remotes: {
      marketing: requireString(remotes, 'marketing', 'remotes.marketing'),
      dashboard: requireString(remotes, 'dashboard', 'remotes.dashboard'),
      billing: requireString(remotes, 'billing', 'remotes.billing'),
    },
  };
}

/** Fetches and validates the runtime configuration of the current origin. */
export async function loadRuntimeConfig(url: string = RUNTIME_CONFIG_URL): Promise<RuntimeConfig> {
  const response = await fetch(url, { headers: { Accept: 'application/json' }, cache: 'no-cache' });
  if (!response.ok) {
    throw new RuntimeConfigError(`Could not load ${url} (HTTP ${response.status})`);
  }
  return parseRuntimeConfig(await response.json());
}
