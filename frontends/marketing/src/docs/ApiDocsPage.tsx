import { Anchor, Button, Code, Group, List, Stack, Text, Title } from '@mantine/core';
import { PLANS, RATE_PROVIDER_ATTRIBUTIONS } from '@fxrates/domain';
import { PageSection, useRuntimeConfig } from '@fxrates/web-kit';
import { useRef } from 'react';
import { Link } from 'react-router';
import { BrowserKeySection } from './BrowserKeySection';
import { CodeSample } from './CodeSample';
import classes from './docs-layout.module.css';
import { DocsNav, usePageHeadings } from './DocsNav';
import { EndpointReference } from './EndpointReference';
import { FixingsSection } from './FixingsSection';
import { InstallSection } from './InstallSection';
import { KeyTester } from './key-tester/KeyTester';
import { McpSection } from './McpSection';
import { openApiJsonUrl, publicBaseUrl, swaggerEditorUrl } from './public-base-url';
import { WebhooksSection } from './WebhooksSection';

/** /docs: how to call the public API, every endpoint with an example, the OpenAPI document and the key tester. */
export function ApiDocsPage() {
  const { apiBaseUrl, apiKeyPrefix } = useRuntimeConfig();
  const origin = window.location.origin;
  const baseUrl = publicBaseUrl(apiBaseUrl, origin);
  const documentUrl = openApiJsonUrl(apiBaseUrl, origin);
  const content = useRef<HTMLDivElement>(null);
  const headings = usePageHeadings(content);

  return (
    <PageSection
      title="API Documentation"
      description="Everything you need to integrate exchange rates into your product."
      size="lg"
    >
      <div className={classes.layout}>
        <DocsNav entries={headings} />
        <Stack gap="xl" ref={content} className={classes.content}>
          <Stack gap="xs" component="section" aria-labelledby="getting-started">
            <Title order={2} fz="xl" id="getting-started">
              Getting Started
            </Title>
            <List spacing={4}>
              <List.Item>
                <Anchor component={Link} to="/register">
                  Create an account
                </Anchor>{' '}
                (the Free plan needs no card).
              </List.Item>
              <List.Item>
                Create an API key in your dashboard. It is shown once: store it as a secret.
              </List.Item>
              <List.Item>Call any endpoint below with the key in the X-API-Key header.</List.Item>
              <List.Item>
                From JavaScript or TypeScript (Node 22.12+ or a server-side bundle), the typed client{' '}
                <Code>@fxrates/sdk</Code> does it for you: typed answers and errors, retries that honour{' '}
                <Code>Retry-After</Code>, and your rate-limit state on every answer.{' '}
                <Anchor href="#install">Install it from this site</Anchor> with npm. Each endpoint below has a
                JavaScript example with it, and one in curl and Python; the Postman collection holds them all.
              </List.Item>
            </List>
          </Stack>

          <Stack gap="xs" component="section" aria-labelledby="base-url">
            <Title order={2} fz="xl" id="base-url">
              Base URL
            </Title>
            <CodeSample label="Base URL" code={baseUrl} />
          </Stack>

          <Stack gap="xs" component="section" aria-labelledby="authentication">
            <Title order={2} fz="xl" id="authentication">
              Authentication
            </Title>
            <Text>
              Send your key in the <Code>X-API-Key</Code> header. Keys start with <Code>{apiKeyPrefix}</Code>.
              Never put a key in a URL, nor a secret key in code that runs in a browser: a web page uses a
              publishable key (below).
            </Text>
            <Text size="sm" c="dimmed">
              Every metered response carries <Code>RateLimit-Policy</Code>, <Code>RateLimit</Code> and{' '}
              <Code>X-RateLimit-Limit/Remaining/Reset</Code>. Over your plan&apos;s monthly quota (Free:{' '}
              {PLANS.free.monthlyQuota.toLocaleString('en-US')} calls) or burst (Free:{' '}
              {PLANS.free.burstPerSecond} per second) you get <Code>429</Code> with <Code>Retry-After</Code>.
              Errors are <Code>application/problem+json</Code> with a stable <Code>code</Code>.
            </Text>
          </Stack>

          <InstallSection origin={origin} baseUrl={baseUrl} />

          <BrowserKeySection baseUrl={baseUrl} keyPrefix={apiKeyPrefix} />

          <McpSection baseUrl={baseUrl} keyPrefix={apiKeyPrefix} />

          <Stack gap="xs" component="section" aria-labelledby="sources">
            <Title order={2} fz="xl" id="sources">
              Sources
            </Title>
            <Text>
              Every answer names the sources of its rates in <Code>source</Code>: <Code>ecb</Code>,{' '}
              <Code>frankfurter</Code> (central banks), <Code>coinbase-rates</Code>, <Code>open-er-api</Code>{' '}
              (ExchangeRate-API) for fiat; <Code>binance</Code>, <Code>coinbase</Code>, <Code>coingecko</Code>{' '}
              for crypto; <Code>bundled-snapshot</Code> when no live source has a currency (flagged stale).
            </Text>
            <Text size="sm">
              Fiat rates from <Code>open-er-api</Code>:{' '}
              <Anchor href={RATE_PROVIDER_ATTRIBUTIONS['open-er-api']!.url} target="_blank" rel="noreferrer">
                {RATE_PROVIDER_ATTRIBUTIONS['open-er-api']!.text}
              </Anchor>
              .
            </Text>
          </Stack>

          <Stack gap="md" component="section" aria-labelledby="endpoints">
            <Group justify="space-between" align="center">
              <Title order={2} fz="xl" id="endpoints">
                Endpoints
              </Title>
              <Group gap="xs">
                <Button component="a" href={documentUrl} download="fxrates-openapi.json" variant="light">
                  Download OpenAPI spec
                </Button>
                <Button
                  component="a"
                  href={swaggerEditorUrl(documentUrl)}
                  target="_blank"
                  rel="noreferrer"
                  variant="default"
                >
                  Open in Swagger Editor
                </Button>
              </Group>
            </Group>
            <EndpointReference baseUrl={baseUrl} keyPrefix={apiKeyPrefix} />
          </Stack>

          <FixingsSection baseUrl={baseUrl} keyPrefix={apiKeyPrefix} />

          <WebhooksSection baseUrl={baseUrl} keyPrefix={apiKeyPrefix} />

          <KeyTester baseUrl={baseUrl} />
        </Stack>
      </div>
    </PageSection>
  );
}
