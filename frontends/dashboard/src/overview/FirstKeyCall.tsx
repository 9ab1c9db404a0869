import { Card, Stack, Text, Title } from '@mantine/core';
import { CreateKeyButton } from '../keys/CreateKeyButton';
import { KEY_TEXTS } from '../keys/key-texts';

/** The Overview of an account with no active key: what to do first, and the button that does it. */
export function FirstKeyCall({ onCreate }: { onCreate: () => void }) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid="first-key-call">
      <Stack gap="sm" align="flex-start">
        <Title order={3} fz="lg">
          {KEY_TEXTS.firstKeyTitle}
        </Title>
        <Text size="sm">{KEY_TEXTS.firstKeyBody}</Text>
        <CreateKeyButton label={KEY_TEXTS.firstKeyButton} onClick={onCreate} justify="flex-start" size="md" />
      </Stack>
    </Card>
  );
}
