import { Badge, Group, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { CodeSample } from './CodeSample';
import { SNIPPET_LANGUAGES, SNIPPETS, type SnippetLanguage } from './code-snippets';
import { EXAMPLE_ANSWERS, exampleAnswerText } from './example-answers';
import { planBadgeColor, planBadgeLabel, planBadgeTitle } from './plan-badge';
import { methodOf, PUBLIC_ENDPOINTS } from './public-endpoints';

/** Below the page's fixed header when the side navigation jumps to an endpoint. */
export const ANCHOR_OFFSET = 80;

/**
 * One section per public endpoint: the plan it needs (from the plan table), what it does, its
 * parameters, an example in curl, JavaScript (@fxrates/sdk) and Python, and the answer to it. Choosing a language in one section shows it in every section, as a
 * reader works in one language.
 */
export function EndpointReference({ baseUrl, keyPrefix }: { baseUrl: string; keyPrefix: string }) {
  const [language, setLanguage] = useState<SnippetLanguage>('curl');
  return (
    <Stack gap="xl">
      {PUBLIC_ENDPOINTS.map((endpoint) => (
        <Stack key={endpoint.id} gap="xs" component="section" aria-labelledby={`endpoint-${endpoint.id}`}>
          <Group gap="xs">
            <Badge variant="light">{methodOf(endpoint)}</Badge>
            <Title
              order={3}
              fz="lg"
              ff="monospace"
              id={`endpoint-${endpoint.id}`}
              data-method={methodOf(endpoint)}
              style={{ scrollMarginTop: ANCHOR_OFFSET }}
            >
              {endpoint.path}
            </Title>
            <Badge
              variant="filled"
              color={planBadgeColor(endpoint.plan)}
              title={planBadgeTitle(endpoint.plan)}
              data-testid="plan-badge"
              data-plan={endpoint.plan}
            >
              {planBadgeLabel(endpoint.plan)}
            </Badge>
            {!endpoint.metered && (
              <Badge variant="outline" color="gray">
                not metered
              </Badge>
            )}
          </Group>
          <Text>{endpoint.summary}.</Text>
          {endpoint.parameters.length > 0 && (
            <Table withTableBorder fz="sm" maw={640}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{endpoint.method === 'POST' ? 'Body member' : 'Parameter'}</Table.Th>
                  <Table.Th>Required</Table.Th>
                  <Table.Th>Meaning</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {endpoint.parameters.map((parameter) => (
                  <Table.Tr key={parameter.name}>
                    <Table.Td ff="monospace">{parameter.name}</Table.Td>
                    <Table.Td>{parameter.required ? 'yes' : 'no'}</Table.Td>
                    <Table.Td>{parameter.description}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Tabs
            value={language}
            onChange={(value) => value && setLanguage(value as SnippetLanguage)}
            keepMounted={false}
          >
            <Tabs.List aria-label={`Code examples for ${endpoint.path}`}>
              {SNIPPET_LANGUAGES.map(({ id, label }) => (
                <Tabs.Tab key={id} value={id}>
                  {label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {SNIPPET_LANGUAGES.map(({ id, label }) => (
              <Tabs.Panel key={id} value={id} pt="xs">
                <CodeSample
                  label={`${label} example for ${endpoint.path}`}
                  code={SNIPPETS[id]({ endpoint, baseUrl, keyPrefix })}
                />
              </Tabs.Panel>
            ))}
          </Tabs>
          <ExampleAnswer endpointId={endpoint.id} path={endpoint.path} />
        </Stack>
      ))}
    </Stack>
  );
}

function ExampleAnswer({ endpointId, path }: { endpointId: string; path: string }) {
  const answer = EXAMPLE_ANSWERS[endpointId];
  if (!answer) return null;
  return (
    <Stack gap={4} data-testid="example-answer">
      <Group gap="xs">
        <Text fw={600} size="sm">
          Example answer
        </Text>
        <Badge color="teal.9" variant="light" size="sm">
          {answer.status}
        </Badge>
        {answer.shortened && (
          <Text size="xs" c="dimmed">
            lists shortened
          </Text>
        )}
      </Group>
      <CodeSample label={`Example answer for ${path}`} code={exampleAnswerText(answer)} maxHeight={320} />
    </Stack>
  );
}
