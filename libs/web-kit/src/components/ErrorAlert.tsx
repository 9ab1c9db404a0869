import { Alert, Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { AlertIcon, RetryIcon } from './icons';

export interface ErrorAlertProps {
  message: ReactNode;
  title?: string;
  /** When given, a "Retry" button calls it. */
  onRetry?: () => void;
  /** Shows the Retry button busy while a retry is in flight. */
  retrying?: boolean;
  'data-testid'?: string;
}

/** A red alert for failed actions, optionally with a Retry button. */
export function ErrorAlert({ message, title, onRetry, retrying = false, ...rest }: ErrorAlertProps) {
  return (
    <Alert
      color="red"
      variant="light"
      title={title}
      icon={<AlertIcon />}
      role="alert"
      radius="md"
      data-testid={rest['data-testid']}
    >
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Text size="sm">{message}</Text>
        {onRetry && (
          <Button
            size="xs"
            color="red"
            variant="white"
            onClick={onRetry}
            loading={retrying}
            leftSection={<RetryIcon size={14} />}
          >
            Retry
          </Button>
        )}
      </Group>
    </Alert>
  );
}
