import { Anchor, Stack, TextInput } from '@mantine/core';
import { TWO_FACTOR_TEXTS, type TwoFactorProof } from '@fxrates/domain';

export interface TwoFactorCodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Shows the recovery-code field instead of the authenticator's. */
  recovery: boolean;
  onRecoveryChange: (recovery: boolean) => void;
  error?: string | null;
  autoFocus?: boolean;
  /** No recovery code makes sense here (turning two-factor on). */
  hideRecovery?: boolean;
}

/** What the API takes for what was typed: `code` or `recoveryCode`. */
export function twoFactorProofOf(value: string, recovery: boolean): TwoFactorProof {
  return recovery ? { recoveryCode: value.trim() } : { code: value.replace(/\s/g, '') };
}

/**
 * The second factor as people type it: the six digits of their authenticator app (the phone's
 * keypad, and the code the OS offers from an SMS-like source), or one of their recovery codes.
 */
export function TwoFactorCodeField({
  value,
  onChange,
  recovery,
  onRecoveryChange,
  error,
  autoFocus,
  hideRecovery = false,
}: TwoFactorCodeFieldProps) {
  return (
    <Stack gap={6}>
      {recovery ? (
        <TextInput
          key="recovery"
          label={TWO_FACTOR_TEXTS.recoveryPrompt}
          placeholder="xxxxx-xxxxx"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
          required
          data-autofocus={autoFocus || undefined}
          data-testid="recovery-code"
          value={value}
          error={error}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      ) : (
        <TextInput
          key="code"
          label={TWO_FACTOR_TEXTS.codePrompt}
          placeholder="123456"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
          required
          data-autofocus={autoFocus || undefined}
          data-testid="two-factor-code"
          value={value}
          error={error}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      )}
      {!hideRecovery && (
        <Anchor
          component="button"
          type="button"
          size="sm"
          ta="left"
          onClick={() => {
            onChange('');
            onRecoveryChange(!recovery);
          }}
        >
          {recovery ? TWO_FACTOR_TEXTS.useAuthenticator : TWO_FACTOR_TEXTS.useRecoveryCode}
        </Anchor>
      )}
    </Stack>
  );
}
