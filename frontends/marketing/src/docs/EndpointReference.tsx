import { Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { CodeSample } from './CodeSample';
import { endpointUrl, PUBLIC_ENDPOINTS } from './public-endpoints';

/** One section per public endpoint: what it does, its parameters and a curl example. */
export function EndpointReference({ baseUrl, keyPrefix }: { baseUrl: string; keyPrefix: string }) {
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
          <CodeSample
            label={`curl example for ${endpoint.path}`}
            code={`curl -H "X-API-Key: ${keyPrefix}YOUR_KEY" \\\n  "${baseUrl}${endpointUrl(endpoint)}"`}
          />
        </Stack>
      ))}
    </Stack>
  );
}
