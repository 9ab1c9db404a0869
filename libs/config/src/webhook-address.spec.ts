import { checkWebhookUrl, refusedAddressKind } from './webhook-address';

const strict = { allowInsecureLocalhost: false };
const development = { allowInsecureLocalhost: true };

/** Every notation of an address we must never send to, as a user could type it in a URL. */
const REFUSED_TARGETS: ReadonlyArray<[raw: string, kind: string]> = [
  ['https://127.0.0.1/hook', 'loopback'],
  ['https://127.1/hook', 'loopback'],
  ['https://2130706433/hook', 'loopback'],
  ['https://0x7f000001/hook', 'loopback'],
  ['https://0177.0.0.1/hook', 'loopback'],
  ['https://0x7f.1/hook', 'loopback'],
  ['https://[::1]/hook', 'loopback'],
  ['https://[::ffff:127.0.0.1]/hook', 'loopback'],
  ['https://[::ffff:7f00:1]/hook', 'loopback'],
  ['https://0.0.0.0/hook', 'unspecified'],
  ['https://10.0.0.1/hook', 'private'],
  ['https://172.16.0.1/hook', 'private'],
  ['https://192.168.1.1/hook', 'private'],
  ['https://169.254.169.254/latest/meta-data', 'cloud metadata'],
  ['https://100.64.0.1/hook', 'shared (CGNAT)'],
  ['https://[fe80::1]/hook', 'link-local'],
  ['https://[fc00::1]/hook', 'private'],
  ['https://[64:ff9b::7f00:1]/hook', 'loopback'],
  ['https://[fd00:ec2::254]/hook', 'cloud metadata'],
  ['https://[::]/hook', 'unspecified'],
  ['https://224.0.0.1/hook', 'multicast'],
  ['https://255.255.255.255/hook', 'broadcast'],
  ['https://localhost/hook', 'loopback'],
  ['https://api.localhost/hook', 'loopback'],
];

describe('checkWebhookUrl', () => {
  it.each(REFUSED_TARGETS)('refuses %s (%s)', (raw, kind) => {
    const checked = checkWebhookUrl(raw, strict);
    expect(checked).toEqual({
      refusal: { code: 'webhook-url-private-address', detail: expect.stringContaining(`a ${kind} address`) },
    });
  });

  it('takes a public https URL as written (WHATWG-normalised)', () => {
    const checked = checkWebhookUrl('https://Example.COM:8443/hooks?x=1', strict);
    expect('url' in checked && checked.url.href).toBe('https://example.com:8443/hooks?x=1');
  });

  it.each([
    ['http://example.com/hook', 'webhook-url-not-https'],
    ['ftp://example.com/hook', 'webhook-url-not-https'],
    ['http://localhost:3000/hook', 'webhook-url-not-https'],
    ['https://user:pass@example.com/hook', 'webhook-url-credentials'],
    ['https://user@example.com/hook', 'webhook-url-credentials'],
    ['not a url', 'webhook-url-invalid'],
    ['/relative', 'webhook-url-invalid'],
    [`https://example.com/${'a'.repeat(2048)}`, 'webhook-url-too-long'],
  ])('refuses %s: %s', (raw, code) => {
    expect(checkWebhookUrl(raw, strict)).toEqual({ refusal: { code, detail: expect.any(String) } });
  });

  it('lets plain http reach this machine only when development allows it, and nothing else', () => {
    for (const raw of [
      'http://localhost:3000/hook',
      'http://127.0.0.1:3000/hook',
      'http://[::1]:3000/hook',
    ]) {
      expect('url' in checkWebhookUrl(raw, development)).toBe(true);
    }
    expect(checkWebhookUrl('http://example.com/hook', development)).toEqual({
      refusal: { code: 'webhook-url-not-https', detail: expect.any(String) },
    });
    expect(checkWebhookUrl('https://10.0.0.1/hook', development)).toEqual({
      refusal: { code: 'webhook-url-private-address', detail: expect.any(String) },
    });
  });
});

describe('refusedAddressKind', () => {
  it.each([
    ['8.8.8.8', undefined],
    ['2606:4700:4700::1111', undefined],
    ['::ffff:8.8.8.8', undefined],
    ['64:ff9b::808:808', undefined],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'cloud metadata'],
    ['2002:7f00:1::', 'loopback'],
    ['64:ff9b:1::a00:1', 'private'],
    ['fe80::1%eth0', 'link-local'],
    ['198.18.0.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['ff02::1', 'multicast'],
    ['not-an-address', 'reserved'],
  ])('%s is %s', (address, kind) => {
    expect(refusedAddressKind(address)).toBe(kind);
  });
});
