import { ErrorCode } from '@fxrates/domain';
import { AppException } from '../../common/errors';

/** Where PayPal sends the buyer back: an absolute URL of this web app. */
export interface ReturnUrls {
  returnUrl: string;
  cancelUrl?: string;
}

const invalidReturnUrl = () =>
  new AppException(
    ErrorCode.ValidationFailed,
    'returnUrl and cancelUrl must be pages of this web app (an allowed origin).',
  );

/**
 * PayPal sends the buyer only to this web app: the request's own origin or a configured one. Both
 * URLs checked, the cancel URL defaulting to the return URL.
 */
export function ourPages(
  urls: ReturnUrls,
  origin: string | undefined,
  allowed: readonly string[],
): Required<ReturnUrls> {
  return {
    returnUrl: ourPage(urls.returnUrl, origin, allowed),
    cancelUrl: ourPage(urls.cancelUrl ?? urls.returnUrl, origin, allowed),
  };
}

function ourPage(url: string, origin: string | undefined, allowed: readonly string[]): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalidReturnUrl();
  }
  const ours = parsed.origin === origin || allowed.includes(parsed.origin);
  if (!/^https?:$/.test(parsed.protocol) || !ours) throw invalidReturnUrl();
  return parsed.toString();
}
