import { ErrorCode } from '@fxrates/domain';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { isApiError } from '@fxrates/web-kit';
import { ReauthenticationDialog } from './ReauthenticationDialog';

export interface Reauthentication {
  /**
   * Runs `action`; when the API answers 403 `reauthentication-required`, asks "Confirm it's you" and
   * runs it again once confirmed. Cancelling rejects with the API's refusal.
   */
  run: <T>(action: () => Promise<T>) => Promise<T>;
  /** Render it next to the action's UI: the dialog, while it asks. */
  dialog: ReactNode;
}

function needsReauthentication(error: unknown): boolean {
  return isApiError(error) && error.code === ErrorCode.ReauthenticationRequired;
}

/** Key creation and plan changes want a recent sign-in (the API's sudo mode): this asks for it. */
export function useReauthentication(): Reauthentication {
  const [opened, setOpened] = useState(false);
  const waiting = useRef<{ confirmed: () => void; cancelled: () => void } | null>(null);

  const run = useCallback(async <T,>(action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (error) {
      if (!needsReauthentication(error)) throw error;
      await new Promise<void>((resolve, reject) => {
        waiting.current = { confirmed: resolve, cancelled: () => reject(error) };
        setOpened(true);
      });
      return action();
    }
  }, []);

  const settle = (outcome: 'confirmed' | 'cancelled') => {
    setOpened(false);
    const pending = waiting.current;
    waiting.current = null;
    pending?.[outcome]();
  };

  const dialog = (
    <ReauthenticationDialog
      opened={opened}
      onConfirmed={() => settle('confirmed')}
      onCancel={() => settle('cancelled')}
    />
  );
  return { run, dialog };
}
