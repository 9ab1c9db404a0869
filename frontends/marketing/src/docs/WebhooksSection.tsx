import { Anchor, Badge, Code, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { PLAN_IDS, PLANS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@fxrates/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CodeSample } from './CodeSample';
import { keyPlaceholder } from './mcp-client-config';
import { planBadgeColor } from './plan-badge';

/** When each event type is sent and what its `data` holds: one entry per type of WEBHOOK_EVENT_TYPES. */
const EVENT_DESCRIPTIONS: Record<WebhookEventType, { when: ReactNode; data: ReactNode }> = {
  'rates.published': {
    when: (
      <>
        The ECB fix of a new day is stored (<Code>kind: &quot;fix&quot;</Code>), or a live source&apos;s
        closes of a day are final (<Code>kind: &quot;closes&quot;</Code>).
      </>
    ),
    data: (
      <>
        <Code>{'{ source, kind, date }'}</Code> (a fix also <Code>currencies</Code>, <Code>timestamp</Code>)
      </>
    ),
  },
  'rate.changed': {
    when: (
      <>
        A published rates table moves a pair you watch (<Code>pairs</Code>) by at least your{' '}
        <Code>minChangePercent</Code>.
      </>
    ),
    data: (
      <>
        <Code>{'{ base, symbol, rate, previousRate, changePercent, timestamp, date, source }'}</Code>
      </>
    ),
  },
  'alert.triggered': {
    when: <>One of your rate alerts with the webhook channel fires.</>,
    data: <>the alert and the rate that fired it</>,
  },
  'quota.threshold': {
    when: <>Your metered calls pass 75, 90 or 100 % of the month&apos;s quota.</>,
    data: (
      <>
        <Code>{'{ month, threshold, monthlyQuota }'}</Code>
      </>
    ),
  },
  'fixing.published': {
    when: <>A signed FXRates fixing was frozen at one of our cuts (LDN1600, NY1200, UTC0000, ECB).</>,
    data: (
      <>
        <Code>{'{ id, cut, date, cutAt, url, verifyUrl }'}</Code>
      </>
    ),
  },
};

/** `POST /api/v1/webhooks` in curl, with a key that has the `webhooks` scope. */
export function createWebhookCurl(baseUrl: string, keyPrefix: string): string {
  const body = JSON.stringify({
    url: 'https://example.com/hooks/fxrates',
    events: ['rate.changed'],
    pairs: ['EUR/USD'],
    minChangePercent: '0.1',
  });
  return [
    `curl -X POST -H "X-API-Key: ${keyPlaceholder(keyPrefix)}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '${body}' \\`,
    `  ${baseUrl.replace(/\/+$/, '')}/webhooks`,
  ].join('\n');
}

/** One delivery's body, as an endpoint receives it. */
export const EXAMPLE_DELIVERY = JSON.stringify(
  {
    id: 'evt_rate_EURUSD_1764561600000',
    type: 'rate.changed',
    createdAt: '2026-12-01T04:00:00.000Z',
    data: {
      base: 'EUR',
      symbol: 'USD',
      rate: '1.0871',
      previousRate: '1.0852',
      changePercent: '0.1751',
      timestamp: '2026-12-01T04:00:00.000Z',
      date: '2026-12-01',
      source: 'ecb',
    },
  },
  null,
  2,
);

/** A receiver in plain Node (no framework): verifies each delivery on its raw body before using it. */
export const VERIFY_SNIPPET = `import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

// The endpoint's secret, "whsec_…", shown once when it was created.
const wh = new Webhook(process.env.FXRATES_WEBHOOK_SECRET);

createServer(async (req, res) => {
  let body = '';
  for await (const chunk of req) body += chunk; // the raw body: verify before parsing
  let event;
  try {
    // Throws if the signature is wrong or the timestamp older than 5 minutes.
    event = wh.verify(body, req.headers);
  } catch {
    res.writeHead(400).end();
    return;
  }
  // Handle event.type and event.data once per event.id (a retry repeats it).
  res.writeHead(204).end();
}).listen(Number(process.env.PORT ?? 3000));
`;

/**
 * /docs, "Webhooks": events pushed to the developer's HTTPS endpoints, signed the Standard Webhooks
 * way; how to create an endpoint, the event types, a delivery, verifying it, retries, disabling,
 * metering and each plan's number of endpoints.
 */
export function WebhooksSection({ baseUrl, keyPrefix }: { baseUrl: string; keyPrefix: string }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="webhooks">
      <Title order={2} fz="xl" id="webhooks">
        Webhooks
      </Title>
      <Text>
        Instead of polling, have events pushed to your HTTPS endpoint as JSON <Code>POST</Code>s, signed by
        the{' '}
        <Anchor href="https://www.standardwebhooks.com/" target="_blank" rel="noreferrer">
          Standard Webhooks
        </Anchor>{' '}
        convention.
      </Text>

      <Title order={3} fz="lg">
        Create an endpoint
      </Title>
      <Text>
        On the{' '}
        <Anchor component={Link} to="/dashboard/webhooks">
          Webhooks page of your dashboard
        </Anchor>
        , or with an API key whose scopes include <Code>webhooks</Code> (without it:{' '}
        <Code>403 scope-not-allowed</Code>). The answer (<Code>201</Code>) carries the endpoint&apos;s signing
        secret, <Code>whsec_…</Code>, once: store it as a secret. <Code>GET</Code>, <Code>PATCH</Code> and{' '}
        <Code>DELETE /api/v1/webhooks/{'{id}'}</Code> manage it, <Code>POST …/{'{id}'}/test</Code> sends a
        test event, and <Code>…/{'{id}'}/deliveries</Code> lists what was sent (each can be replayed).
        Managing endpoints is not metered.
      </Text>
      <CodeSample label="Create a webhook endpoint with curl" code={createWebhookCurl(baseUrl, keyPrefix)} />
      <Text size="sm" c="dimmed">
        The URL must be <Code>https</Code> and reach a public address only (no IP literal, no{' '}
        <Code>localhost</Code>, nothing private or reserved), and redirects are never followed.
      </Text>

      <Title order={3} fz="lg">
        Plan limits
      </Title>
      <Text>The most webhook endpoints an account may have, by plan:</Text>
      <Group gap="xs" data-testid="webhook-plan-limits">
        {PLAN_IDS.map((plan) => (
          <Badge
            key={plan}
            variant="filled"
            color={planBadgeColor(plan)}
            data-plan={plan}
            title={`${PLANS[plan].name}: up to ${PLANS[plan].webhookEndpoints} webhook endpoints`}
          >
            {PLANS[plan].name}: {PLANS[plan].webhookEndpoints}
          </Badge>
        ))}
      </Group>
      <Text size="sm" c="dimmed">
        One more than your plan allows is <Code>403 webhook-endpoint-limit-reached</Code>, naming the plan
        that allows it.
      </Text>

      <Title order={3} fz="lg">
        Events
      </Title>
      <Text>
        Choose the <Code>events</Code> each endpoint receives. Each delivery&apos;s body is one event,{' '}
        <Code>{'{ id, type, createdAt, data }'}</Code>.
      </Text>
      <Table withTableBorder fz="sm" maw={720} data-testid="webhook-event-types">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Type</Table.Th>
            <Table.Th>Sent when, and its data</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <Table.Tr key={type}>
              <Table.Td>
                <Code>{type}</Code>
              </Table.Td>
              <Table.Td>
                {EVENT_DESCRIPTIONS[type].when}{' '}
                <Text span size="sm" c="dimmed">
                  Data: {EVENT_DESCRIPTIONS[type].data}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <CodeSample label="Example webhook delivery body" code={EXAMPLE_DELIVERY} />

      <Title order={3} fz="lg">
        Verify each delivery
      </Title>
      <Text>Every request carries three headers:</Text>
      <List spacing={2} size="sm">
        <List.Item>
          <Code>webhook-id</Code>: the event&apos;s id, the same on every retry and replay (de-duplicate on
          it);
        </List.Item>
        <List.Item>
          <Code>webhook-timestamp</Code>: when this attempt was sent, in Unix seconds;
        </List.Item>
        <List.Item>
          <Code>webhook-signature</Code>: <Code>v1,</Code> and the base64 HMAC-SHA256 of{' '}
          <Code>{'<id>.<timestamp>.<body>'}</Code>, keyed with your secret.
        </List.Item>
      </List>
      <Text>
        Verify them on the raw body, before parsing it, with the <Code>standardwebhooks</Code> library (npm;
        there are others for most languages):
      </Text>
      <CodeSample label="Webhook verification in Node" code={VERIFY_SNIPPET} />

      <Title order={3} fz="lg">
        Retries, disabling and metering
      </Title>
      <List spacing={4} size="sm">
        <List.Item>
          Delivered at least once: a <Code>2xx</Code> within 10 s is delivered. Anything else (another status,
          a timeout, a redirect) is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 8 h and 8 h: eight attempts
          over about 24 hours.
        </List.Item>
        <List.Item>
          After 3 deliveries in a row fail every attempt, the endpoint is disabled and you are emailed;
          nothing is sent until you enable it again (<Code>{'PATCH { "enabled": true }'}</Code>). Tests and
          replays never count towards this.
        </List.Item>
        <List.Item>
          Each event delivered is one metered call on your account, however many of your endpoints receive it.
          Retries, replays and test events are free.
        </List.Item>
      </List>
    </Stack>
  );
}
