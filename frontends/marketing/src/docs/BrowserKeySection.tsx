import { Code, Stack, Text, Title } from '@mantine/core';
import { CodeSample } from './CodeSample';
import { browserSnippet, PUBLISHABLE_KEY_MARK } from './browser-snippet';

/** /docs, "From a web page": calling the API from a browser with a publishable key, and its limits. */
export function BrowserKeySection({ baseUrl, keyPrefix }: { baseUrl: string; keyPrefix: string }) {
  const publishable = `${keyPrefix}${PUBLISHABLE_KEY_MARK}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby="from-a-web-page">
      <Title order={2} fz="xl" id="from-a-web-page">
        From a web page
      </Title>
      <Text>
        A page calls the API with a publishable key (<Code>{publishable}…</Code>), which you create in your
        dashboard. It reads rates only, and answers only pages served from the origins you list for it: https
        origins such as <Code>https://shop.example.com</Code>, or <Code>http://localhost</Code> while you
        develop. A call from any other origin is refused with <Code>403 origin-not-allowed</Code>.
      </Text>
      <CodeSample label="Browser example with a publishable key" code={browserSnippet(baseUrl, keyPrefix)} />
      <Text size="sm" c="dimmed">
        Secret keys stay on your servers: anyone who opens a page can read the key in it.
      </Text>
    </Stack>
  );
}
