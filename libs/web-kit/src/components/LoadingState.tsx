import { Center, Loader, Stack, Text } from '@mantine/core';
import { TEXTS } from '@fxrates/domain';

/** Centered spinner with the spec's "Loading..." text. */
export function LoadingState({
  label = TEXTS.loading,
  minHeight = 240,
}: {
  label?: string;
  minHeight?: number;
}) {
  return (
    <Center mih={minHeight} role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="md" />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
