import { Alert, Card, Group, Stack, Text, Title } from '@mantine/core';
import { ErrorAlert } from '@fxrates/web-kit';
import { useId, type FormEventHandler, type ReactNode } from 'react';

interface SettingsSectionProps {
  title: string;
  /** The section's form; a section without one (a list) leaves it out. */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  /** What went wrong with the last attempt, shown above the fields. */
  error?: string | null;
  errorTestId?: string;
  /** What the last save did, shown until the fields change. */
  success?: string | null;
  successTestId?: string;
  /** Leave the browser's own checks of required fields on (sections whose rules are only those). */
  nativeValidation?: boolean;
  maxWidth?: number;
  /** Beside the heading: the section's state at a glance (two-factor's On or Off). */
  badge?: ReactNode;
  /** An action that cannot be undone: heading and border in red. */
  danger?: boolean;
  'data-testid'?: string;
  children: ReactNode;
}

/**
 * One section of the account page: a card named by its heading (a landmark screen readers list),
 * holding one form (or a list), with the outcome of its last submission above the fields.
 */
export function SettingsSection({
  title,
  onSubmit,
  error,
  errorTestId,
  success,
  successTestId,
  nativeValidation = false,
  maxWidth,
  badge,
  danger = false,
  'data-testid': testId,
  children,
}: SettingsSectionProps) {
  const titleId = useId();
  const body = (
    <Stack gap="md" maw={maxWidth}>
      <Group justify="space-between" gap="sm">
        <Title order={2} fz="h4" id={titleId} c={danger ? 'red.8' : undefined}>
          {title}
        </Title>
        {badge}
      </Group>
      {error && <ErrorAlert message={error} data-testid={errorTestId} />}
      {success && (
        <Alert color="green" variant="light" role="status" data-testid={successTestId}>
          <Text size="sm">{success}</Text>
        </Alert>
      )}
      {children}
    </Stack>
  );
  return (
    <Card
      withBorder
      radius="md"
      padding="xl"
      shadow="xs"
      mt="lg"
      component="section"
      aria-labelledby={titleId}
      data-testid={testId}
      style={danger ? { borderColor: 'var(--mantine-color-red-7)' } : undefined}
    >
      {onSubmit ? (
        <form onSubmit={onSubmit} noValidate={!nativeValidation}>
          {body}
        </form>
      ) : (
        body
      )}
    </Card>
  );
}
