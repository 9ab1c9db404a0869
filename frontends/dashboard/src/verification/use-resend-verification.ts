import { ErrorCode } from '@fxrates/domain';
import { errorMessage, isApiError, useApi, useAuth } from '@fxrates/web-kit';
import { useCallback, useState } from 'react';
import { VERIFICATION_TEXTS } from './verification-texts';

export type ResendState =
  | { status: 'idle' }
  | { status: 'sending' }
  | { status: 'sent' }
  /** The server's message (e.g. the hourly limit and how long to wait), or ours without one. */
  | { status: 'failed'; message: string };

/** POST /api/auth/verify-email/resend for the signed-in user, with its loading and error states. */
export function useResendVerification(): { state: ResendState; send: () => Promise<void> } {
  const { client } = useApi();
  const { reloadUser } = useAuth();
  const [state, setState] = useState<ResendState>({ status: 'idle' });

  const send = useCallback(async () => {
    setState({ status: 'sending' });
    try {
      await client.post<void>('/auth/verify-email/resend');
      setState({ status: 'sent' });
    } catch (error) {
      console.error('Failed to resend the verification email', error);
      setState({ status: 'failed', message: errorMessage(error, VERIFICATION_TEXTS.resendFailed) });
      // Verified meanwhile (another tab, an earlier link): the user's state says so from now on.
      if (isApiError(error) && error.code === ErrorCode.EmailAlreadyVerified) {
        await reloadUser().catch((reloadError: unknown) =>
          console.error('Failed to reload the signed-in user', reloadError),
        );
      }
    }
  }, [client, reloadUser]);

  return { state, send };
}
