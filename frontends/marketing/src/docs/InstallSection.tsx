import { Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { CodeSample } from './CodeSample';
import {
  fetchSdkDownload,
  POSTMAN_COLLECTION_PATH,
  sdkInstallCommand,
  sdkTarballUrl,
  type SdkDownload,
} from './downloads';

/**
 * "Install the SDK": the line that installs @fxrates/sdk from this site (the tarball the build puts
 * beside the pages, with its dependencies in it), and the Postman collection of the same API.
 */
export function InstallSection({ origin, baseUrl }: { origin: string; baseUrl: string }) {
  const [sdk, setSdk] = useState<SdkDownload | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    void fetchSdkDownload(origin, controller.signal).then((manifest) => {
      if (!controller.signal.aborted) setSdk(manifest);
    });
    return () => controller.abort();
  }, [origin]);
  const tarball = sdkTarballUrl(origin, sdk);

  return (
    <Stack gap="xs" component="section" aria-labelledby="install">
      <Title order={2} fz="xl" id="install">
        Install the SDK
      </Title>
      <Text>
        <Code>@fxrates/sdk</Code> is the typed JavaScript and TypeScript client (Node 22.12+ and bundlers;
        CommonJS and ES modules, with its types). Install it from this site:
      </Text>
      <CodeSample label="SDK install command" code={sdkInstallCommand(origin, sdk)} />
      <Group gap="xs">
        <Button component="a" href={tarball} download variant="light">
          {sdk ? `Download the SDK (${sdk.version})` : 'Download the SDK'}
        </Button>
        <Button component="a" href={`${origin}${POSTMAN_COLLECTION_PATH}`} download variant="default">
          Download Postman collection
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        The Postman collection holds every public endpoint with its parameters and example answers. After
        importing it, set its <Code>baseUrl</Code> variable to <Code>{new URL(baseUrl).origin}</Code> and{' '}
        <Code>apiKey</Code> to your key: it is sent in the <Code>X-API-Key</Code> header. The SDK&apos;s
        versions follow semver; its <Code>CHANGELOG.md</Code>, in the package, says what each one changed.
      </Text>
    </Stack>
  );
}
