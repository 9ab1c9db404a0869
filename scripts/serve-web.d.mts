export type AppName = 'shell' | 'marketing' | 'dashboard' | 'billing';

export interface RuntimeConfigOverrides {
  apiBaseUrl?: string;
  productName?: string;
  supportEmail?: string;
  apiKeyPrefix?: string;
  remotes?: Partial<Record<Exclude<AppName, 'shell'>, string>>;
}

export interface StartWebServersOptions {
  /** Interface to bind; WEB_HOST, default 0.0.0.0. */
  host?: string;
  /** Port per app (default from env); 0 picks a free port; null skips the app. */
  ports?: Partial<Record<AppName, number | null>>;
  /** Where /api/* is proxied; API_URL, default http://127.0.0.1:4000. */
  apiUrl?: string;
  /** Merged into the generated /config.json. */
  runtimeConfig?: RuntimeConfigOverrides;
  /** Folder holding <app>/dist; default frontends/. */
  distRoot?: string;
  /** JSON file merged over /config.json at every request (WEB_CONFIG_FILE): remote versions change without a restart. */
  configFile?: string;
  /** Folder of <remote>/<version>/ builds, served by each remote at /remotes/<remote>/<version>/ (WEB_RELEASES_DIR). */
  releasesDir?: string;
  env?: NodeJS.ProcessEnv;
  log?: (message: string) => void;
}

export type StopWebServers = (() => Promise<void>) & {
  urls: Partial<Record<AppName, string>>;
  ports: Partial<Record<AppName, number>>;
};

export function startWebServers(options?: StartWebServersOptions): Promise<StopWebServers>;
