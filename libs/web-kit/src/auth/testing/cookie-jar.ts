// Test support: Node's fetch keeps no cookies. This jar plays the browser's part for the refresh
// cookie: it stores Set-Cookie answers and sends each cookie back to paths under its Path.

interface StoredCookie {
  value: string;
  path: string;
}

function parseSetCookie(line: string): { name: string; cookie: StoredCookie; expired: boolean } {
  const [pair, ...attributes] = line.split(';').map((part) => part.trim());
  const separator = pair.indexOf('=');
  const name = pair.slice(0, separator);
  const value = pair.slice(separator + 1);
  let path = '/';
  let expired = value === '';
  for (const attribute of attributes) {
    const [key, ...rest] = attribute.split('=');
    const attributeValue = rest.join('=');
    if (key.toLowerCase() === 'path') path = attributeValue;
    if (key.toLowerCase() === 'max-age' && Number(attributeValue) <= 0) expired = true;
    if (key.toLowerCase() === 'expires' && Date.parse(attributeValue) <= Date.now()) expired = true;
  }
  return { name, cookie: { value, path }, expired };
}

export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>();

  /** A fetch that sends and stores this jar's cookies (as a browser does for same-origin requests). */
  readonly fetch: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = new Headers(init?.headers);
    const cookie = [...this.cookies.entries()]
      .filter(([, stored]) => url.pathname === stored.path || url.pathname.startsWith(`${stored.path}/`))
      .map(([name, stored]) => `${name}=${stored.value}`)
      .join('; ');
    if (cookie && init?.credentials !== 'omit') headers.set('Cookie', cookie);
    const response = await globalThis.fetch(url, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const { name, cookie: stored, expired } = parseSetCookie(line);
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, stored);
    }
    return response;
  };

  get(name: string): string | undefined {
    return this.cookies.get(name)?.value;
  }

  set(name: string, value: string, path = '/'): void {
    this.cookies.set(name, { value, path });
  }
}
