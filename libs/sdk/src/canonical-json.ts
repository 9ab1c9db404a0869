/**
 * The JSON Canonicalization Scheme (RFC 8785) of a parsed JSON value: object members sorted by their
 * names' UTF-16 code units, no whitespace, strings and numbers as ECMAScript's JSON.stringify writes
 * them (for a finite number that is Number::toString, as RFC 8785 §3.2.2.3 asks). It is the form a
 * fixing's signature covers: the same text on the server that signed it and in any client.
 *
 * Written here rather than taken from a package so the SDK stays at its two dependencies and runs in
 * a browser as it is; canonical-json.spec.ts checks it against the `canonicalize` package the API signs
 * with. Like JSON.stringify, a member whose value is undefined is left out.
 */
export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`canonicalJson: ${value} has no JSON form`);
      return JSON.stringify(value);
    case 'string':
      // JSON.stringify would write a lone surrogate as an escape; RFC 8785 §3.2.2.2 forbids one.
      if (!isWellFormed(value)) throw new TypeError('canonicalJson: a string holds a lone surrogate');
      return JSON.stringify(value);
    case 'object':
      if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
      return canonicalObject(value as Record<string, unknown>);
    default:
      throw new TypeError(`canonicalJson: a ${typeof value} has no JSON form`);
  }
}

function canonicalObject(object: Record<string, unknown>): string {
  // Array.prototype.sort without a comparator orders by UTF-16 code units: RFC 8785 §3.2.3.
  const members = Object.keys(object)
    .sort()
    .filter((name) => object[name] !== undefined)
    .map((name) => `${canonicalJson(name)}:${canonicalJson(object[name])}`);
  return `{${members.join(',')}}`;
}

/** String.prototype.isWellFormed, which older browsers lack: no unpaired surrogate. */
function isWellFormed(text: string): boolean {
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}
