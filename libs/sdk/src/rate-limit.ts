/** One quota policy of `RateLimit-Policy`: `quota` calls per `window` seconds. */
export interface RateLimitPolicy {
  name: string;
  quota: number;
  /** The window's length in seconds. */
  window: number;
}

/** The policy a client is nearest to, from `RateLimit`: calls left and seconds until its reset. */
export interface RateLimitCurrent {
  policy: string;
  remaining: number;
  resetSeconds: number;
}

/** What a metered answer says about the key's limits. */
export interface RateLimitInfo {
  /** Metered calls per calendar month on the key's plan (`X-RateLimit-Limit`). */
  limit: number | undefined;
  /** Metered calls left this month (`X-RateLimit-Remaining`). */
  remaining: number | undefined;
  /** When the monthly quota resets (`X-RateLimit-Reset`, Unix seconds). */
  reset: Date | undefined;
  /** Every quota of the plan, e.g. the month's and the per-second burst (`RateLimit-Policy`). */
  policies: RateLimitPolicy[];
  /** The policy nearest to refusing (`RateLimit`): the month, or the burst once it is spent. */
  current: RateLimitCurrent | undefined;
}

interface Item {
  name: string;
  params: Map<string, string>;
}

/**
 * Items of an IETF structured-field list as the rate-limit drafts write them:
 * `"month";q=1000;w=2592000, "burst";q=2;w=1`. Tolerant: a malformed item is skipped.
 */
function listItems(value: string): Item[] {
  const items: Item[] = [];
  for (const member of value.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)) {
    const [rawName, ...rawParams] = member.split(';').map((part) => part.trim());
    const name = rawName?.replace(/^"(.*)"$/, '$1');
    if (!name) continue;
    const params = new Map<string, string>();
    for (const param of rawParams) {
      const [key, val] = param.split('=', 2);
      if (key && val !== undefined) params.set(key.trim(), val.trim());
    }
    items.push({ name, params });
  }
  return items;
}

function integer(value: string | null | undefined): number | undefined {
  if (value == null || !/^\s*\d+\s*$/.test(value)) return undefined;
  return Number(value);
}

/**
 * The rate-limit headers of an answer, parsed; undefined when it carries none (calls that are not
 * metered, such as the currency list, or an answer from something other than the API).
 */
export function parseRateLimit(headers: Headers): RateLimitInfo | undefined {
  const policyHeader = headers.get('ratelimit-policy');
  const currentHeader = headers.get('ratelimit');
  const limit = integer(headers.get('x-ratelimit-limit'));
  const remaining = integer(headers.get('x-ratelimit-remaining'));
  const resetSeconds = integer(headers.get('x-ratelimit-reset'));
  if (policyHeader == null && currentHeader == null && limit === undefined && remaining === undefined)
    return undefined;
  const policies: RateLimitPolicy[] = [];
  for (const item of listItems(policyHeader ?? '')) {
    const quota = integer(item.params.get('q'));
    const window = integer(item.params.get('w'));
    if (quota !== undefined && window !== undefined) policies.push({ name: item.name, quota, window });
  }
  const [first] = listItems(currentHeader ?? '');
  const left = integer(first?.params.get('r'));
  const until = integer(first?.params.get('t'));
  return {
    limit,
    remaining,
    reset: resetSeconds === undefined ? undefined : new Date(resetSeconds * 1000),
    policies,
    current:
      first && left !== undefined && until !== undefined
        ? { policy: first.name, remaining: left, resetSeconds: until }
        : undefined,
  };
}
