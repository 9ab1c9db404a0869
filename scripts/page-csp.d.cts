/** Types of scripts/page-csp.cjs: the page Content-Security-Policy of the nginx image, and what it allows. */
export declare const NGINX_TEMPLATE: string;
/** The Content-Security-Policy an nginx site adds in its `server` block (not a location's own). */
export declare function serverCsp(conf: string): string;
/** The template's policy with `${CSP_EXTRA_SOURCES}` replaced, as the image's entrypoint does. */
export declare function fillExtraSources(policy: string, extraSources: string): string;
/** The page policy of the nginx image run with CSP_EXTRA_SOURCES=`extraSources`. */
export declare function pageCsp(extraSources?: string, template?: string): string;
export declare function parseCsp(policy: string): Map<string, string[]>;
/** Whether a page at `pageUrl` under `policy` may load `url` through the fetch directive `directive`. */
export declare function cspAllowsUrl(
  policy: string,
  directive: string,
  url: string,
  pageUrl: string,
): boolean;
/** Whether `directive` allows inline content. */
export declare function cspAllowsInline(policy: string, directive: string): boolean;
/** The origins of the absolute URLs a /config.json names, space-separated (CSP_EXTRA_SOURCES form). */
export declare function configOrigins(config: {
  apiBaseUrl?: string;
  paypalSdkUrl?: string;
  remotes?: Record<string, string>;
}): string;
