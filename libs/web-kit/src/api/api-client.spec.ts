import { ApiClient, type UnauthorizedContext } from './api-client';
import { ApiError } from './api-error';

type FetchCall = { url: string; init: RequestInit };

function fakeFetch(respond: (call: FetchCall) => Response | Promise<Response>) {
  const calls: FetchCall[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: String(input), init: init ?? {} };
    calls.push(call);
    return respond(call);
  }) as typeof fetch;
  return { calls, fetchImpl };
}

const json = (status: number, body: unknown, contentType = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': contentType } });

describe('ApiClient', () => {
  it('builds the URL from the base, path and query, and sends JSON', async () => {
    const { calls, fetchImpl } = fakeFetch(() => json(200, { ok: true }));
    const client = new ApiClient({ baseUrl: '/api/', fetchImpl });

    await expect(
      client.get('/rates/convert', { query: { from: 'USD', to: 'EUR', amount: 100, skip: undefined } }),
    ).resolves.toEqual({
      ok: true,
    });
    await client.post('/auth/session', { a: 1 });

    expect(calls[0].url).toBe('/api/rates/convert?from=USD&to=EUR&amount=100');
    expect(calls[1].init.method).toBe('POST');
    expect(calls[1].init.body).toBe('{"a":1}');
    expect(new Headers(calls[1].init.headers).get('Content-Type')).toBe('application/json');
  });

  it('adds headers from providers, and the request wins over providers', async () => {
    const { calls, fetchImpl } = fakeFetch(() => json(200, {}));
    const client = new ApiClient({ baseUrl: '/api', fetchImpl });
    const remove = client.addHeadersProvider(() => ({
      Authorization: 'Bearer abc',
      'X-Session-Token': 'from-provider',
    }));

    await client.get('/x', { headers: { 'X-Session-Token': 'explicit' } });
    remove();
    await client.get('/x');

    const first = new Headers(calls[0].init.headers);
    expect(first.get('Authorization')).toBe('Bearer abc');
    expect(first.get('X-Session-Token')).toBe('explicit');
    expect(new Headers(calls[1].init.headers).get('Authorization')).toBeNull();
  });

  it('turns a problem+json answer into an ApiError with status, code and message', async () => {
    const { fetchImpl } = fakeFetch(() =>
      json(
        400,
        {
          type: '/problems/unknown-currency',
          title: 'Unknown currency',
          status: 400,
          code: 'unknown-currency',
          message: 'Nope',
        },
        'application/problem+json',
      ),
    );
    const client = new ApiClient({ baseUrl: '/api', fetchImpl });

    const error = await client.get('/rates/convert').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'unknown-currency',
      message: 'Nope',
      serverMessage: 'Nope',
    });
    expect((error as ApiError).isTransient).toBe(false);
  });

  it('reports errors without a body by status only', async () => {
    const { fetchImpl } = fakeFetch(() => new Response('', { status: 503 }));
    const error = await new ApiClient({ baseUrl: '/api', fetchImpl })
      .get('/x')
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      status: 503,
      code: 'http-error',
      serverMessage: undefined,
      isTransient: true,
    });
  });

  it('times out', async () => {
    const { fetchImpl } = fakeFetch(
      ({ init }) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const client = new ApiClient({ baseUrl: '/api', fetchImpl, timeoutMs: 20 });
    await expect(client.get('/slow')).rejects.toMatchObject({
      status: 0,
      code: 'timeout',
      isTransient: true,
    });
  });

  /** A 200 whose headers have come and whose body comes when `finish` is called. */
  function slowBody(): { response: Response; finish: () => void } {
    let finish = () => {};
    const body = new ReadableStream<Uint8Array>({
      start(stream) {
        finish = () => {
          stream.enqueue(new TextEncoder().encode(JSON.stringify({ stale: true })));
          stream.close();
        };
      },
    });
    return { response: new Response(body, { status: 200 }), finish: () => finish() };
  }

  it('refuses as cancelled an answer whose body arrives after the caller gave up on it', async () => {
    const slow = slowBody();
    const { fetchImpl } = fakeFetch(() => slow.response);
    const caller = new AbortController();
    const answer = new ApiClient({ baseUrl: '/api', fetchImpl }).get('/account', { signal: caller.signal });
    await new Promise((resolve) => setTimeout(resolve, 10));
    caller.abort();
    slow.finish();
    await expect(answer).rejects.toMatchObject({ status: 0, code: 'aborted' });
  });

  it('times out on a body that does not finish arriving', async () => {
    const slow = slowBody();
    const { fetchImpl } = fakeFetch(() => slow.response);
    const answer = new ApiClient({ baseUrl: '/api', fetchImpl, timeoutMs: 20 }).get('/slow-body');
    await new Promise((resolve) => setTimeout(resolve, 40));
    slow.finish();
    await expect(answer).rejects.toMatchObject({ status: 0, code: 'timeout' });
  });

  it('reports network failures as transient', async () => {
    const { fetchImpl } = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(new ApiClient({ baseUrl: '/api', fetchImpl }).get('/x')).rejects.toMatchObject({
      status: 0,
      code: 'network-error',
      isTransient: true,
    });
  });

  describe('on 401', () => {
    const unauthorized = () =>
      json(401, { code: 'unauthorized', message: 'Sign in' }, 'application/problem+json');

    it('asks the handler once and retries the call with fresh headers when it says so', async () => {
      let token = 'old';
      const { calls, fetchImpl } = fakeFetch(({ init }) =>
        new Headers(init.headers).get('Authorization') === 'Bearer new'
          ? json(200, { ok: 1 })
          : unauthorized(),
      );
      const client = new ApiClient({ baseUrl: '/api', fetchImpl });
      client.addHeadersProvider(() => ({ Authorization: `Bearer ${token}` }));
      const handler = jest.fn<Promise<boolean>, [UnauthorizedContext]>(async () => {
        token = 'new';
        return true;
      });
      client.setUnauthorizedHandler(handler);

      await expect(client.patch('/account', { firstName: 'Ada' })).resolves.toEqual({ ok: 1 });

      expect(calls).toHaveLength(2);
      expect(calls[1].init.method).toBe('PATCH');
      expect(calls[1].init.body).toBe('{"firstName":"Ada"}');
      expect(handler).toHaveBeenCalledTimes(1);
      expect(handler).toHaveBeenCalledWith(
        expect.objectContaining({ retried: false, error: expect.objectContaining({ status: 401 }) }),
      );
      expect(handler.mock.calls[0][0].sentHeaders.get('Authorization')).toBe('Bearer old');
    });

    it('retries at most once, telling the handler about the refused retry', async () => {
      const { calls, fetchImpl } = fakeFetch(unauthorized);
      const client = new ApiClient({ baseUrl: '/api', fetchImpl });
      const handler = jest.fn<Promise<boolean>, [UnauthorizedContext]>(async () => true);
      client.setUnauthorizedHandler(handler);

      await expect(client.get('/account')).rejects.toMatchObject({ status: 401, code: 'unauthorized' });

      expect(calls).toHaveLength(2);
      expect(handler.mock.calls.map(([context]) => context.retried)).toEqual([false, true]);
    });

    it('passes the error on when the handler declines, and never consults it for skipAuth calls', async () => {
      const { calls, fetchImpl } = fakeFetch(unauthorized);
      const client = new ApiClient({ baseUrl: '/api', fetchImpl });
      const handler = jest.fn<Promise<boolean>, [UnauthorizedContext]>(async () => false);
      const remove = client.setUnauthorizedHandler(handler);

      await expect(client.get('/account')).rejects.toMatchObject({ status: 401 });
      await expect(client.post('/auth/login', {}, { skipAuth: true })).rejects.toMatchObject({ status: 401 });
      remove();
      await expect(client.get('/account')).rejects.toMatchObject({ status: 401 });

      expect(calls).toHaveLength(3);
      expect(handler).toHaveBeenCalledTimes(1);
    });
  });
});
