import { Badge, Group, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { CodeSample } from './CodeSample';
import { SNIPPET_LANGUAGES, SNIPPETS, type SnippetLanguage } from './code-snippets';
import { PUBLIC_ENDPOINTS } from './public-endpoints';

/**
 * One section per public endpoint: what it does, its parameters and an example in curl, JavaScript
 * (@fxrates/sdk) and Python. Choosing a language in one section shows it in every section, as a
 * reader works in one language.
 */
export function EndpointReference({ baseUrl, keyPrefix }: { baseUrl: string; keyPrefix: string }) {
  const [language, setLanguage] = useState<SnippetLanguage>('curl');
  return (
    <Stack gap="xl">
      {PUBLIC_ENDPOINTS.map((endpoint) => (
        <Stack key={endpoint.id} gap="xs" component="section" aria-labelledby={`endpoint-${endpoint.id}`}>
          <Group gap="xs">
            <Badge variant="light">GET</Badge>
            <Title order={3} fz="lg" ff="monospace" id={`endpoint-${endpoint.id}`}>
              {endpoint.path}
            </Title>
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
                  <Table.Th>Parameter</Table.Th>
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
        </Stack>
      ))}
    </Stack>
  );
}
