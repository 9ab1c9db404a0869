import { Container } from '@mantine/core';
import { ErrorAlert, type RemoteName } from '@fxrates/web-kit';
import { REMOTE_LABELS } from './remote-labels';

interface RemoteUnavailableProps {
  name: RemoteName;
  onRetry: () => void;
  retrying: boolean;
  /** Why it cannot be shown, when retrying would not help (a remote built against other shared versions). */
  reason?: string;
}

/** The panel shown instead of a remote that failed to load or crashed. */
export function RemoteUnavailable({ name, onRetry, retrying, reason }: RemoteUnavailableProps) {
  return (
    <Container size="sm" py={64}>
      <ErrorAlert
        data-testid="remote-error"
        title={`${REMOTE_LABELS[name]} is temporarily unavailable`}
        message={reason ?? 'It could not be loaded. Check your connection and try again.'}
        onRetry={onRetry}
        retrying={retrying}
      />
    </Container>
  );
}
