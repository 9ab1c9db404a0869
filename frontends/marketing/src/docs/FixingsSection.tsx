import { Anchor, Code, List, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { DEFAULT_FIXING_CUTS, type FixingCut } from '@fxrates/domain';
import { CodeSample } from './CodeSample';
import { joseVerificationSnippet, jwksUrl, sdkVerificationSnippet } from './fixing-snippets';

/** When a cut falls, as a reader plans around it. */
function cutMoment(cut: FixingCut): string {
  if (cut.kind === 'ecb') return "The ECB's daily reference rates, once published (about 16:00 CET)";
  const days = cut.days === 'daily' ? 'every day' : 'Monday to Friday';
  return `${cut.time} ${cut.timeZone} time, ${days}`;
}

/**
 * /docs, "Fixings": what a cut is, why a fixing never changes, how it is signed and where the keys are,
 * and how to verify one with the SDK or with any JOSE library.
 */
export function FixingsSection({ baseUrl, keyPrefix }: { baseUrl: string; keyPrefix: string }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="fixings">
      <Title order={2} fz="xl" id="fixings">
        Fixings
      </Title>
      <Text>
        A fixing is the rates table frozen at a cut: the first table the service accepted at or after the cut
        moment, every currency with its source and publication time. Fixings are ours (&quot;FXRates
        fixings&quot;), made from the sources listed above; they are not WM/Reuters or any other licensed
        benchmark. <Code>GET /fixings</Code> lists them; <Code>GET /fixings/{'{id}'}</Code> answers one as
        signed, where the id is <Code>fix_&lt;cut&gt;_&lt;YYYYMMDD&gt;</Code>, the cut and its local day.
      </Text>
      <Table withTableBorder fz="sm" maw={640}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Cut</Table.Th>
            <Table.Th>Frozen at</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {DEFAULT_FIXING_CUTS.map((cut) => (
            <Table.Tr key={cut.name}>
              <Table.Td ff="monospace">{cut.name}</Table.Td>
              <Table.Td>{cutMoment(cut)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <List spacing={4} size="sm">
        <List.Item>
          <strong>Local time, daylight saving included.</strong> <Code>LDN1600</Code> is 15:00 UTC in the
          British summer and 16:00 UTC in winter; <Code>cutAt</Code> says which instant a fixing stands for.
        </List.Item>
        <List.Item>
          <strong>Immutable.</strong> A fixing is made once, the same by every worker and after any restart,
          and never changed: its answer carries an <Code>ETag</Code> and <Code>Cache-Control: immutable</Code>
          . The <Code>fixing.published</Code> webhook announces each new one.
        </List.Item>
        <List.Item>
          <strong>Signed.</strong> <Code>signature.jws</Code> is a detached JWS (RFC 7515, Appendix F):{' '}
          <Code>&lt;header&gt;..&lt;signature&gt;</Code>, EdDSA with an Ed25519 key, over the RFC 8785
          canonical JSON of the fixing without its <Code>signature</Code>. The header&apos;s <Code>kid</Code>{' '}
          names the key.
        </List.Item>
        <List.Item>
          <strong>Keys.</strong> The public keys are a JSON Web Key Set at{' '}
          <Anchor href={jwksUrl(baseUrl)} ff="monospace">
            /.well-known/jwks.json
          </Anchor>{' '}
          (no key needed). Keys are rotated; a retired key stays in the set, so every fixing verifies for as
          long as you keep it. Keep a copy of the set with your fixings to verify them offline.
        </List.Item>
      </List>
      <Text>
        Verify a fixing before you rely on it: with <Code>@fxrates/sdk</Code> (<Code>verifyFixing</Code>,
        offline once it has the keys), or with any JOSE library.
      </Text>
      <Tabs defaultValue="sdk" keepMounted={false}>
        <Tabs.List aria-label="Fixing verification examples">
          <Tabs.Tab value="sdk">@fxrates/sdk</Tabs.Tab>
          <Tabs.Tab value="jose">jose</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="sdk" pt="xs">
          <CodeSample
            label="Fixing verification with @fxrates/sdk"
            code={sdkVerificationSnippet(baseUrl, keyPrefix)}
          />
        </Tabs.Panel>
        <Tabs.Panel value="jose" pt="xs">
          <CodeSample
            label="Fixing verification with jose"
            code={joseVerificationSnippet(baseUrl, keyPrefix)}
          />
        </Tabs.Panel>
      </Tabs>
      <Text size="sm" c="dimmed">
        <Code>GET /fixings/{'{id}'}/verify</Code> checks a fixing on the server and says which key signed it;
        checking it yourself is what makes the signature worth having.
      </Text>
    </Stack>
  );
}
