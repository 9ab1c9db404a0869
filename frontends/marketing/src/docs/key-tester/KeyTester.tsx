import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { KEY_TESTER_MESSAGES, PLANS } from '@fxrates/domain';
import { describeRateSource, InfoIcon, useRuntimeConfig } from '@fxrates/web-kit';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { endpointUrl, KEY_TESTABLE_ENDPOINTS, type PublicEndpointDoc } from '../public-endpoints';
import { hasKeyPrefix, maskApiKey, normalizeApiKeyInput } from './api-key-input';
import { runKeyTest } from './run-key-test';
import { runStreamTest, type StreamItem } from './run-stream-test';
import type { PlanRefusal, TestOutcome } from './test-outcome';

/** Each parameter of an endpoint at its example value: where the tester's fields start. */
function examplesOf(endpoint: PublicEndpointDoc): Record<string, string> {
  return Object.fromEntries(endpoint.parameters.map((parameter) => [parameter.name, parameter.example]));
}

/** A 403 for the plan, as the tester says it: the API's words, the plans by name, and where to upgrade. */
function PlanRefusalAlert({ title, refusal }: { title: string; refusal: PlanRefusal }) {
  return (
    <Alert color="orange" variant="light" role="alert" title={title} data-testid="plan-refusal">
      <Stack gap={6}>
        <Text size="sm">{refusal.detail}</Text>
        {refusal.requiredPlan && (
          <Text size="sm">
            Needs the <strong>{PLANS[refusal.requiredPlan].name}</strong> plan or higher
            {refusal.currentPlan && (
              <>
                ; your key is on <strong>{PLANS[refusal.currentPlan].name}</strong>
              </>
            )}
            .
          </Text>
        )}
        <Anchor component={Link} to={refusal.upgradeUrl} size="sm" fw={600}>
          See the plans and upgrade
        </Anchor>
      </Stack>
    </Alert>
  );
}

interface SentRequest {
  method: 'GET';
  url: string;
  maskedKey: string;
  streamed: boolean;
}

/** The stream's items kept on screen, newest first: older ones drop off. */
const SHOWN_ITEMS = 50;

/** "Test Your API Key": calls a public endpoint with the visitor's key and shows request and answer. */
export function KeyTester({ baseUrl }: { baseUrl: string }) {
  const { apiKeyPrefix: prefix } = useRuntimeConfig();
  const [endpointId, setEndpointId] = useState(KEY_TESTABLE_ENDPOINTS[0].id);
  const [apiKey, setApiKey] = useState('');
  const [keyError, setKeyError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [sent, setSent] = useState<SentRequest | null>(null);
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  const [items, setItems] = useState<StreamItem[]>([]);
  /** The open stream's status (200), null when none is open. */
  const [live, setLive] = useState<number | null>(null);
  // A stream left open would outlive the page otherwise.
  useEffect(() => () => inFlight.current?.abort(), []);
  const endpoint = KEY_TESTABLE_ENDPOINTS.find((e) => e.id === endpointId) ?? KEY_TESTABLE_ENDPOINTS[0];
  /** The parameters as the visitor edited them, for the chosen endpoint (its examples to start with). */
  const [values, setValues] = useState<Record<string, string>>(() => examplesOf(endpoint));
  const requestUrl = `${baseUrl}${endpointUrl(endpoint, values)}`;

  const normalize = (value: string) => {
    const normalized = normalizeApiKeyInput(value, prefix);
    setApiKey(normalized);
    return normalized;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const key = normalize(apiKey);
    // A new test starts from a clean panel: the previous request and its response belong to another
    // key (or endpoint), even when this one is refused before anything is sent.
    inFlight.current?.abort();
    inFlight.current = null;
    setSent(null);
    setOutcome(null);
    setLoading(false);
    setItems([]);
    setLive(null);
    if (!hasKeyPrefix(key, prefix)) {
      setKeyError(KEY_TESTER_MESSAGES.badPrefix(prefix));
      return;
    }
    setKeyError(null);
    const controller = new AbortController();
    inFlight.current = controller;
    const url = requestUrl;
    setSent({ method: 'GET', url, maskedKey: maskApiKey(key, prefix), streamed: Boolean(endpoint.streamed) });
    setLoading(true);
    if (endpoint.streamed) {
      const current = () => inFlight.current === controller;
      const refused = await runStreamTest(url, key, controller.signal, {
        onOpen: (status) => {
          if (!current()) return;
          setLoading(false);
          setLive(status);
        },
        onItem: (item) => {
          if (current()) setItems((shown) => [item, ...shown].slice(0, SHOWN_ITEMS));
        },
      });
      if (current()) {
        setLive(null);
        setLoading(false);
        setOutcome(refused);
      }
      return;
    }
    const result = await runKeyTest(url, key, controller.signal);
    if (inFlight.current === controller) {
      setOutcome(result);
      setLoading(false);
    }
  }

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', md: 'xl' }}
      component="section"
      aria-labelledby="key-tester-title"
    >
      <Stack gap="md">
        <Title order={2} fz="xl" id="key-tester-title">
          Test Your API Key
        </Title>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="sm">
            <Select
              label="Endpoint"
              data={KEY_TESTABLE_ENDPOINTS.map((e) => ({ value: e.id, label: `GET ${e.path}` }))}
              value={endpointId}
              onChange={(value) => {
                const chosen = KEY_TESTABLE_ENDPOINTS.find((e) => e.id === value);
                if (!chosen) return;
                setEndpointId(chosen.id);
                setValues(examplesOf(chosen));
              }}
              allowDeselect={false}
              maw={360}
            />
            {endpoint.parameters.length > 0 && (
              <fieldset
                data-testid="tester-parameters"
                style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}
              >
                <Text component="legend" size="sm" fw={500} mb={4}>
                  Parameters of GET {endpoint.path}
                </Text>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
                  {endpoint.parameters.map((parameter) => (
                    <TextInput
                      key={`${endpoint.id}-${parameter.name}`}
                      label={parameter.name}
                      description={parameter.description}
                      withAsterisk={parameter.required}
                      placeholder={parameter.example || (parameter.required ? undefined : 'not sent')}
                      value={values[parameter.name] ?? ''}
                      onChange={(event) => {
                        const value = event.currentTarget.value;
                        setValues((current) => ({ ...current, [parameter.name]: value }));
                      }}
                      autoComplete="off"
                      spellCheck={false}
                      ff="monospace"
                    />
                  ))}
                </SimpleGrid>
              </fieldset>
            )}
            <Stack gap={2}>
              <Text size="sm" fw={500}>
                Request URL
              </Text>
              <Code
                block
                fz="sm"
                data-testid="tester-url"
                style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
              >
                {`GET ${requestUrl}`}
              </Code>
            </Stack>
            <TextInput
              label="API key"
              placeholder={`${prefix}…`}
              description={KEY_TESTER_MESSAGES.helper(prefix)}
              value={apiKey}
              error={keyError}
              onChange={(event) => {
                setApiKey(event.currentTarget.value);
                setKeyError(null);
              }}
              onBlur={(event) => normalize(event.currentTarget.value)}
              onPaste={(event) => {
                event.preventDefault();
                normalize(event.clipboardData.getData('text'));
              }}
              autoComplete="off"
              spellCheck={false}
              ff="monospace"
            />
            <Group>
              <Button type="submit" loading={loading} disabled={loading || apiKey.trim() === ''}>
                Test Key
              </Button>
            </Group>
          </Stack>
        </form>

        {sent && (
          <Stack gap={4} data-testid="tester-request">
            <Text fw={600} size="sm">
              Request
            </Text>
            <Code block fz="sm">
              {`${sent.method} ${sent.url}\nX-API-Key: ${sent.maskedKey}` +
                (sent.streamed ? '\nAccept: text/event-stream' : '')}
            </Code>
          </Stack>
        )}

        {(live !== null || items.length > 0) && (
          <Stack gap={6} data-testid="tester-stream">
            <Group gap="xs">
              <Text fw={600} size="sm">
                Events
              </Text>
              <Badge color={live !== null ? 'teal' : 'gray'} variant="light">
                {live !== null ? `${live} · live` : 'ended'}
              </Badge>
              <Text size="sm" c="dimmed" aria-live="polite">
                {items.length === SHOWN_ITEMS ? `latest ${SHOWN_ITEMS}` : `${items.length} received`}
              </Text>
              {live !== null && (
                <Button size="compact-sm" variant="default" onClick={() => inFlight.current?.abort()}>
                  Stop
                </Button>
              )}
            </Group>
            <Stack gap="xs" mah={420} style={{ overflow: 'auto' }}>
              {items.map((item) => (
                <Stack key={item.seq} gap={2} data-testid="stream-item" data-kind={item.kind}>
                  <Group gap={6}>
                    <Badge size="sm" variant="outline" color={item.kind === 'error' ? 'red' : 'blue'}>
                      {item.kind}
                    </Badge>
                    {item.id && (
                      <Text size="xs" c="dimmed" ff="monospace">
                        id {item.id}
                      </Text>
                    )}
                  </Group>
                  <Code block fz="xs">
                    {item.text}
                  </Code>
                </Stack>
              ))}
            </Stack>
          </Stack>
        )}

        {outcome && (
          <Stack gap={6} data-testid="tester-response">
            <Group gap="xs">
              <Text fw={600} size="sm">
                Response
              </Text>
              {outcome.status !== null && (
                <Badge color={outcome.ok ? 'teal' : 'red'} variant="light">
                  {outcome.status}
                </Badge>
              )}
            </Group>
            {outcome.provenance && (
              <Group gap={6} wrap="nowrap" c="dimmed">
                <InfoIcon size={14} />
                <Text size="sm" data-testid="tester-rate-source">
                  {describeRateSource(outcome.provenance)}
                </Text>
              </Group>
            )}
            {outcome.upgrade && outcome.message ? (
              <PlanRefusalAlert title={outcome.message} refusal={outcome.upgrade} />
            ) : (
              outcome.message && (
                <Alert color="red" variant="light" role="alert">
                  {outcome.message}
                </Alert>
              )
            )}
            {outcome.body && (
              <Code block fz="sm" mah={360} style={{ overflow: 'auto' }}>
                {outcome.body}
              </Code>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
