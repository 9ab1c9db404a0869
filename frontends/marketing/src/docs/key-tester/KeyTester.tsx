import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { KEY_TESTER_MESSAGES } from '@fxrates/domain';
import { useRuntimeConfig } from '@fxrates/web-kit';
import { useRef, useState, type FormEvent } from 'react';
import { endpointUrl, KEY_TESTABLE_ENDPOINTS } from '../public-endpoints';
import { hasKeyPrefix, maskApiKey, normalizeApiKeyInput } from './api-key-input';
import { runKeyTest } from './run-key-test';
import type { TestOutcome } from './test-outcome';

interface SentRequest {
  method: 'GET';
  url: string;
  maskedKey: string;
}

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
  const endpoint = KEY_TESTABLE_ENDPOINTS.find((e) => e.id === endpointId) ?? KEY_TESTABLE_ENDPOINTS[0];

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
    if (!hasKeyPrefix(key, prefix)) {
      setKeyError(KEY_TESTER_MESSAGES.badPrefix(prefix));
      return;
    }
    setKeyError(null);
    const controller = new AbortController();
    inFlight.current = controller;
    const url = `${baseUrl}${endpointUrl(endpoint)}`;
    setSent({ method: 'GET', url, maskedKey: maskApiKey(key, prefix) });
    setLoading(true);
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
              onChange={(value) => value && setEndpointId(value)}
              allowDeselect={false}
              maw={360}
            />
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
            <Code block fz="sm">{`${sent.method} ${sent.url}\nX-API-Key: ${sent.maskedKey}`}</Code>
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
            {outcome.message && (
              <Alert color="red" variant="light" role="alert">
                {outcome.message}
              </Alert>
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
