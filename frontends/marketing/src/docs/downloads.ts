/** What scripts/build-downloads.mjs writes beside the SDK's tarball: downloads/sdk.json. */
export interface SdkDownload {
  name: string;
  version: string;
  /** fxrates-sdk-<version>.tgz */
  file: string;
  /** fxrates-sdk-latest.tgz: the same bytes under a name that does not change. */
  latest: string;
  integrity: string;
  size: number;
}

/** Where the site serves the files the docs offer (the shell's origin, where /docs is). */
export const DOWNLOADS_PATH = '/downloads';
export const SDK_MANIFEST_PATH = `${DOWNLOADS_PATH}/sdk.json`;
export const SDK_LATEST_PATH = `${DOWNLOADS_PATH}/fxrates-sdk-latest.tgz`;
export const POSTMAN_COLLECTION_PATH = `${DOWNLOADS_PATH}/fxrates-postman-collection.json`;

/** The tarball's address on this site: the versioned one once the manifest is read, else the latest. */
export function sdkTarballUrl(origin: string, sdk: SdkDownload | null): string {
  return `${origin}${sdk ? `${DOWNLOADS_PATH}/${sdk.file}` : SDK_LATEST_PATH}`;
}

/** The line a developer runs to install the SDK from this site. */
export function sdkInstallCommand(origin: string, sdk: SdkDownload | null): string {
  return `npm install ${sdkTarballUrl(origin, sdk)}`;
}

function isSdkDownload(value: unknown): value is SdkDownload {
  const v = value as Partial<SdkDownload> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.version === 'string' &&
    typeof v.file === 'string' &&
    /^fxrates-sdk-[\w.+-]+\.tgz$/.test(v.file)
  );
}

/** The manifest of the SDK this site serves; null when it cannot be read (the latest link still works). */
export async function fetchSdkDownload(origin: string, signal?: AbortSignal): Promise<SdkDownload | null> {
  try {
    const response = await fetch(`${origin}${SDK_MANIFEST_PATH}`, { signal, cache: 'no-cache' });
    if (!response.ok) return null;
    const manifest: unknown = await response.json();
    return isSdkDownload(manifest) ? manifest : null;
  } catch {
    return null;
  }
}
