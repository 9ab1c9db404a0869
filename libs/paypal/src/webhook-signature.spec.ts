import { generateKeyPairSync, sign, X509Certificate } from 'node:crypto';
import { generate } from 'selfsigned';
import { isGenuineWebhookSignature, isKnownWebhookAuthAlgo, webhookSignedMessage } from './webhook-signature';
import { PayPalWebhookCertificates } from './webhook-certificates';

describe('PayPal webhook signatures', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let certificate: X509Certificate;
  beforeAll(async () => {
    const { cert } = await generate([{ name: 'commonName', value: 'messageverificationcerts.paypal.com' }], {
      keyPair: {
        privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      },
      algorithm: 'sha256',
    });
    certificate = new X509Certificate(cert);
  });

  const body = Buffer.from(
    '{"id":"WH-1","event_type":"BILLING.SUBSCRIPTION.ACTIVATED","summary":"activé ✓"}',
  );
  const fields = {
    authAlgo: 'SHA256withRSA',
    transmissionId: '69cd13f0-d67a-11e5-baa3-778b53f4ae55',
    transmissionTime: '2016-02-18T20:01:35Z',
    webhookId: '1JE4291016473214C',
    rawBody: body,
  };
  const signed = (input = fields, digest = 'sha256') => ({
    ...input,
    transmissionSig: sign(digest, Buffer.from(webhookSignedMessage(input)), privateKey).toString('base64'),
  });

  it('signs the CRC32 of the body’s bytes as an unsigned decimal, non-ASCII bytes included', () => {
    // CRC-32/ISO-HDLC check value of "123456789", and a value over 2^31 (not a signed int).
    expect(webhookSignedMessage({ ...fields, rawBody: Buffer.from('123456789') })).toBe(
      '69cd13f0-d67a-11e5-baa3-778b53f4ae55|2016-02-18T20:01:35Z|1JE4291016473214C|3421780262',
    );
    // "é" is two bytes in UTF-8 (c3 a9): the CRC is of them, not of the character's code point.
    expect(webhookSignedMessage({ ...fields, rawBody: Buffer.from('é') }).split('|')[3]).toBe('235179326');
    expect(webhookSignedMessage({ ...fields, rawBody: Buffer.from([0xe9]) }).split('|')[3]).toBe('198489425');
  });

  it('accepts the signature of the certificate’s key', () => {
    expect(isGenuineWebhookSignature(signed(), certificate)).toBe(true);
    expect(isGenuineWebhookSignature(signed(fields, 'sha512'), certificate)).toBe(false);
    expect(
      isGenuineWebhookSignature({ ...signed(fields, 'sha512'), authAlgo: 'SHA512withRSA' }, certificate),
    ).toBe(true);
  });

  it.each([
    ['another body', { rawBody: Buffer.from(body.toString().replace('activé', 'active')) }],
    ['another webhook id', { webhookId: 'SOMEONEELSES' }],
    ['another transmission id', { transmissionId: '69cd13f0-d67a-11e5-baa3-778b53f4ae56' }],
    ['another time', { transmissionTime: '2016-02-18T20:01:36Z' }],
    ['an algorithm we do not verify', { authAlgo: 'SHA1withRSA' }],
    ['a prototype name as the algorithm', { authAlgo: 'constructor' }],
    ['a signature that is not base64', { transmissionSig: 'not base64!' }],
    ['an empty signature', { transmissionSig: '' }],
  ])('refuses %s', (_what, change) => {
    expect(isGenuineWebhookSignature({ ...signed(), ...change }, certificate)).toBe(false);
  });

  it('knows SHA-2 with RSA only', () => {
    expect(['SHA256withRSA', 'SHA384withRSA', 'SHA512withRSA'].map(isKnownWebhookAuthAlgo)).toEqual([
      true,
      true,
      true,
    ]);
    expect(['SHA1withRSA', 'sha256withrsa', 'toString', ''].map(isKnownWebhookAuthAlgo)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('PayPalWebhookCertificates.isAllowedUrl', () => {
  const live = new PayPalWebhookCertificates({ apiBaseUrl: 'https://api-m.paypal.com' });
  const standIn = new PayPalWebhookCertificates({ apiBaseUrl: 'http://127.0.0.1:4010' });
  const path = '/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77';

  it.each(['api.paypal.com', 'api-m.paypal.com', 'api.sandbox.paypal.com', 'api-m.sandbox.paypal.com'])(
    'allows https://%s/v1/notifications/certs/…',
    (host) => expect(live.isAllowedUrl(`https://${host}${path}`)).toBe(true),
  );

  it.each([
    `http://api.paypal.com${path}`,
    `https://evil.example${path}`,
    'https://evil.example/cert.pem',
    `https://www.paypal.com${path}`,
    `https://api.paypal.com.evil.example${path}`,
    `https://api.paypal.com:8443${path}`,
    `https://user@api.paypal.com${path}`,
    `https://api.paypal.com${path}?x=1`,
    `https://api.paypal.com${path}#x`,
    'https://api.paypal.com/v1/oauth2/token',
    'https://api.paypal.com/v1/notifications/certs/../../oauth2/token',
    `http://127.0.0.1:4010${path}`,
    'not a url',
  ])('refuses %s', (url) => expect(live.isAllowedUrl(url)).toBe(false));

  it('allows the configured base URL’s origin, and no other port or path there', () => {
    expect(standIn.isAllowedUrl(`http://127.0.0.1:4010${path}`)).toBe(true);
    expect(standIn.isAllowedUrl(`http://127.0.0.1:4011${path}`)).toBe(false);
    expect(standIn.isAllowedUrl('http://127.0.0.1:4010/v1/oauth2/token')).toBe(false);
  });
});
