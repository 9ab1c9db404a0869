// Builds the runtime configuration served as `/config.json` by the shell origin.
// Shared by scripts/serve-web.mjs (production serving) and the webpack dev servers.
// Only public values belong here: this document is sent to every browser.

const DEFAULT_PORTS = Object.freeze({ shell: 3000, marketing: 3001, dashboard: 3002, billing: 3003 });

function portFromEnv(env, name, fallback) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`${name} must be a TCP port number, got "${raw}"`);
  }
  return port;
}

/** Ports of the four apps: WEB_PORT, MARKETING_PORT, DASHBOARD_PORT, BILLING_PORT. */
function portsFromEnv(env = process.env) {
  return {
    shell: portFromEnv(env, 'WEB_PORT', DEFAULT_PORTS.shell),
    marketing: portFromEnv(env, 'MARKETING_PORT', DEFAULT_PORTS.marketing),
    dashboard: portFromEnv(env, 'DASHBOARD_PORT', DEFAULT_PORTS.dashboard),
    billing: portFromEnv(env, 'BILLING_PORT', DEFAULT_PORTS.billing),
  };
}

/**
 * The `/config.json` document.
 * @param {NodeJS.ProcessEnv} env
 * @param {{ marketing: number, dashboard: number, billing: number }} ports used for the default remote URLs
 * @param {string} host used for the default remote URLs
 */
function runtimeConfigFromEnv(env = process.env, ports = portsFromEnv(env), host = 'localhost') {
  const defaultManifestUrl = (port) => `http://${host}:${port}/mf-manifest.json`;
  return {
    apiBaseUrl: env.PUBLIC_API_BASE_URL || '/api',
    productName: env.PRODUCT_NAME || 'FXRates Pro',
    supportEmail: env.SUPPORT_EMAIL || 'support@fxrates.example',
    apiKeyPrefix: env.API_KEY_PREFIX || 'fxrates_',
    recaptchaSiteKey: env.RECAPTCHA_SITE_KEY || '',
    // Empty: PayPal's own JS SDK. Set by PAYPAL_STAND_IN=1 npm start to the local stand-in's.
    paypalSdkUrl: env.PUBLIC_PAYPAL_SDK_URL || '',
    remotes: {
      marketing: env.PUBLIC_MARKETING_URL || defaultManifestUrl(ports.marketing),
      dashboard: env.PUBLIC_DASHBOARD_URL || defaultManifestUrl(ports.dashboard),
      billing: env.PUBLIC_BILLING_URL || defaultManifestUrl(ports.billing),
    },
  };
}

module.exports = { DEFAULT_PORTS, portsFromEnv, runtimeConfigFromEnv };
