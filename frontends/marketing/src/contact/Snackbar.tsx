import { Notification, Portal } from '@mantine/core';
import { SNACKBAR_AUTO_HIDE_MS } from '@fxrates/domain';
import { useEffect } from 'react';

export interface SnackbarMessage {
  kind: 'success' | 'error';
  text: string;
  /** Distinguishes two equal messages in a row, so each restarts the timer. */
  id: number;
}

/** A message at the bottom of the screen that closes after 6 s or when dismissed (spec §2 Contact). */
export function Snackbar({ message, onClose }: { message: SnackbarMessage | null; onClose: () => void }) {
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(onClose, SNACKBAR_AUTO_HIDE_MS);
    return () => clearTimeout(timer);
  }, [message, onClose]);

  if (!message) return null;
  return (
    <Portal>
      <Notification
        role={message.kind === 'error' ? 'alert' : 'status'}
        data-testid="snackbar"
        color={message.kind === 'success' ? 'teal' : 'red'}
        onClose={onClose}
        closeButtonProps={{ 'aria-label': 'Dismiss' }}
        withBorder
        style={{
          position: 'fixed',
          bottom: 24,
          left: '50%',
          transform: 'translateX(-50%)',
          zIndex: 1000,
          width: 'min(480px, calc(100vw - 32px))',
        }}
      >
        {message.text}
      </Notification>
    </Portal>
  );
}
