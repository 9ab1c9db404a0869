import { refusedWebhookTargets } from '@fxrates/testing';
import { WebhookDelivery } from '@fxrates/db';
import { DnsStandIn } from './support/dns-stand-in';
import { WebhookReceiver } from './support/webhook-receiver';
import { anEvent, WebhooksWorld } from './support/webhooks-world';

/**
 * Every way to write the receiver's loopback address (and other refused ranges) in an endpoint URL,
 * and plain http to it, stored as is (past the API's own check): the worker refuses each at send time.
 */
const literalHosts = (port: number) => [...refusedWebhookTargets(port), `http://127.0.0.1:${port}/`];

describe('worker: webhook SSRF guard at send time', () => {
  let receiver: WebhookReceiver;
  let dns: DnsStandIn;
  let world: WebhooksWorld;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    dns = await DnsStandIn.start({ 'receiver.test': '127.0.0.1', 'metadata.test': '169.254.169.254' });
    world = await WebhooksWorld.start({
      // As in production: https only, no loopback; names resolved by the stand-in DNS server.
      WEBHOOKS_ALLOW_INSECURE_LOCALHOST: 'false',
      WEBHOOKS_DNS_SERVERS: dns.server,
      WEBHOOKS_RETRY_DELAYS_MS: '50',
    });
  });
  afterAll(async () => {
    await world.close();
    await dns.close();
    await receiver.close();
  });

  it('refuses a public-looking name that resolves to 127.0.0.1 (or to the metadata address), sending nothing', async () => {
    const owner = await world.account({ plan: 'basic' });
    // The API takes the name: only resolving it tells where it leads.
    const loopback = await world.endpoint(owner, {
      url: `https://receiver.test:${receiver.port}/hook`,
      events: ['alert.triggered'],
    });
    const metadata = await world.endpoint(owner, {
      url: 'https://metadata.test/latest/meta-data/',
      events: ['alert.triggered'],
    });

    await world.emit(anEvent('alert.triggered'), { userId: owner.userId });
    const [toLoopback] = await world.settled(loopback.id);
    const [toMetadata] = await world.settled(metadata.id);

    expect(toLoopback).toMatchObject({
      status: 'failed',
      attempts: 2,
      lastStatus: null,
      lastError: 'refused: receiver.test resolves to 127.0.0.1, a loopback address',
    });
    expect(toMetadata.lastError).toBe(
      'refused: metadata.test resolves to 169.254.169.254, a cloud metadata address',
    );
    expect(dns.asked).toContain('receiver.test/1');
    expect(receiver.received).toEqual([]);
  });

  it('refuses every IP literal notation of a refused range stored in an endpoint, sending nothing', async () => {
    const owner = await world.account({ plan: 'enterprise' });
    const urls = literalHosts(receiver.port);
    const endpoints = [];
    for (const url of urls) endpoints.push(await world.given.webhookEndpoint({ id: owner.userId }, { url }));

    await world.emit(anEvent('quota.threshold'), { userId: owner.userId });
    const outcomes: Array<[string, string | null]> = [];
    for (const endpoint of endpoints) {
      const [delivery] = await world.settled(endpoint.id);
      outcomes.push([endpoint.url, (delivery as WebhookDelivery).lastError]);
    }

    for (const [url, error] of outcomes)
      expect([url, error]).toEqual([url, expect.stringMatching(/^refused: /)]);
    expect(receiver.received).toEqual([]);
  });
});
