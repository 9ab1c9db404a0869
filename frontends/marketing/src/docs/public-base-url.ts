import { PUBLIC_API_BASE_PATH } from '@fxrates/domain';

/** The absolute base of the public API as a developer would call it, e.g. "https://x.example/api/v1". */
export function publicBaseUrl(apiBaseUrl: string, origin: string): string {
  const appApi = new URL(apiBaseUrl.replace(/\/+$/, ''), origin);
  return `${appApi.origin}${PUBLIC_API_BASE_PATH}`;
}

/** The OpenAPI document of the whole API, served live by the API. */
export function openApiJsonUrl(apiBaseUrl: string, origin: string): string {
  return `${new URL(apiBaseUrl.replace(/\/+$/, ''), origin).href}/docs-json`;
}

/** Swagger's hosted editor, opening our live document. */
export function swaggerEditorUrl(documentUrl: string): string {
  return `https://editor.swagger.io/?url=${encodeURIComponent(documentUrl)}`;
}
