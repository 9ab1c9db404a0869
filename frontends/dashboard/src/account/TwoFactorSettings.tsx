import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import {
  PASSWORD_MAX_LENGTH,
  type TwoFactorEnrolment,
  type TwoFactorRecoveryCodes,
  type TwoFactorStatus,
} from '@fxrates/domain';
import {
  CheckIcon,
  CopyIcon,
  ErrorAlert,
  formatLongDate,
  LoadingState,
  useApi,
  useAuth,
} from '@fxrates/web-kit';
import { TwoFactorCodeField, twoFactorProofOf } from '@fxrates/web-kit/second-factor';
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import {
  recoveryCodesFile,
  TWO_FACTOR_API,
  TWO_FACTOR_SETTINGS_TEXTS as TEXTS,
  twoFactorOnSummary,
  twoFactorRefusal,
  type TwoFactorRefusal,
} from './two-factor-settings';
import { SettingsSection } from './SettingsSection';

type Step =
  | { name: 'status' }
  | { name: 'enrolling'; enrolment: TwoFactorEnrolment }
  | { name: 'codes'; codes: TwoFactorRecoveryCodes }
  | { name: 'disabling' }
  | { name: 'replacing' };

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { user } = useAuth();
  const download = () => {
    const file = new Blob([recoveryCodesFile(codes, user?.email ?? '')], { type: 'text/plain' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(file);
    link.download = 'fxrates-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <Stack gap="sm" data-testid="recovery-codes">
      <Alert color="yellow" variant="light">
        <Text size="sm" fw={600}>
          {TEXTS.recoveryTitle}
        </Text>
        <Text size="sm">{TEXTS.recoveryHelp}</Text>
      </Alert>
      <SimpleGrid cols={2} spacing="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {codes.map((code) => (
          <Code component="li" key={code} fz="sm" data-testid="recovery-code-item">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'light' : 'default'}
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
              onClick={copy}
            >
              {copied ? TEXTS.copied : TEXTS.copy}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={download}>
          {TEXTS.download}
        </Button>
        <Button onClick={onDone}>{TEXTS.done}</Button>
      </Group>
    </Stack>
  );
}

/**
 * The account page's Two-factor authentication section: off → Set up → QR code, key and
 * first code → the recovery codes, once → on; on → Turn off with the password and a code.
 */
export function TwoFactorSettings() {
  const { client } = useApi();
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [step, setStep] = useState<Step>({ name: 'status' });
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [password, setPassword] = useState('');
  const [refusal, setRefusal] = useState<TwoFactorRefusal | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    setLoadFailed(false);
    client.get<TwoFactorStatus>(TWO_FACTOR_API.status).then(setStatus, (failure: unknown) => {
      console.error('Failed to load the two-factor settings', failure);
      setLoadFailed(true);
    });
  }, [client]);
  useEffect(load, [load]);

  const begin = (next: Step) => {
    setCode('');
    setPassword('');
    setRecovery(false);
    setRefusal(null);
    setStep(next);
  };

  /** Runs a call of the section with its busy state; a refusal shows where it belongs. */
  const attempt = async (call: () => Promise<void>) => {
    setBusy(true);
    setRefusal(null);
    try {
      await call();
    } catch (failure) {
      console.error('Two-factor authentication change failed', failure);
      setRefusal(twoFactorRefusal(failure));
    } finally {
      setBusy(false);
    }
  };

  const setUp = () =>
    attempt(async () => {
      begin({ name: 'enrolling', enrolment: await client.post<TwoFactorEnrolment>(TWO_FACTOR_API.start) });
    });

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    return attempt(async () => {
      const codes = await client.post<TwoFactorRecoveryCodes>(TWO_FACTOR_API.confirm, {
        code: code.replace(/\s/g, ''),
      });
      setStatus({ enabled: true, enabledAt: codes.enabledAt, recoveryCodesLeft: codes.recoveryCodes.length });
      begin({ name: 'codes', codes });
    });
  };

  const turnOff = (event: FormEvent) => {
    event.preventDefault();
    return attempt(async () => {
      await client.post<void>(TWO_FACTOR_API.disable, { password, ...twoFactorProofOf(code, recovery) });
      setStatus({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
      begin({ name: 'status' });
    });
  };

  const replaceCodes = (event: FormEvent) => {
    event.preventDefault();
    return attempt(async () => {
      const codes = await client.post<TwoFactorRecoveryCodes>(
        TWO_FACTOR_API.recoveryCodes,
        twoFactorProofOf(code, recovery),
      );
      setStatus({ enabled: true, enabledAt: codes.enabledAt, recoveryCodesLeft: codes.recoveryCodes.length });
      begin({ name: 'codes', codes });
    });
  };

  const formError = refusal && refusal.field === null ? refusal.message : null;
  const fieldError = (field: 'password' | 'code') => (refusal?.field === field ? refusal.message : null);

  /** A step that ends with a code: what it says first, the refusal, its own fields, the code, its buttons. */
  const codeForm = (step: {
    onSubmit: (event: FormEvent) => void;
    intro: ReactNode;
    submit: string;
    danger?: boolean;
    /** Setting up proves the app works: only its code will do, not a recovery code. */
    appCodeOnly?: boolean;
    children?: ReactNode;
  }) => (
    <form onSubmit={step.onSubmit}>
      <Stack gap="sm">
        {step.intro}
        {formError && <ErrorAlert message={formError} />}
        {step.children}
        <TwoFactorCodeField
          value={code}
          onChange={setCode}
          recovery={step.appCodeOnly ? false : recovery}
          onRecoveryChange={step.appCodeOnly ? () => undefined : setRecovery}
          error={fieldError('code')}
          hideRecovery={step.appCodeOnly}
        />
        <Group gap="sm">
          <Button type="submit" color={step.danger ? 'red' : undefined} loading={busy}>
            {step.submit}
          </Button>
          <Button variant="default" onClick={() => begin({ name: 'status' })}>
            {TEXTS.cancel}
          </Button>
        </Group>
      </Stack>
    </form>
  );

  let body;
  if (loadFailed) body = <ErrorAlert message={TEXTS.loadFailed} onRetry={load} />;
  else if (!status) body = <LoadingState />;
  else if (step.name === 'codes') {
    body = <RecoveryCodes codes={step.codes.recoveryCodes} onDone={() => begin({ name: 'status' })} />;
  } else if (step.name === 'enrolling') {
    const { enrolment } = step;
    body = codeForm({
      onSubmit: (event) => void confirm(event),
      submit: TEXTS.turnOn,
      appCodeOnly: true,
      intro: (
        <>
          <Text size="sm">{TEXTS.scan}</Text>
          <Image
            src={enrolment.qrCode}
            alt="QR code for your authenticator app"
            w={200}
            h={200}
            fit="contain"
            data-testid="two-factor-qr"
          />
          <Text size="sm">{TEXTS.manual}</Text>
          <Code fz="sm" style={{ wordBreak: 'break-all' }} data-testid="two-factor-secret">
            {enrolment.secret}
          </Code>
        </>
      ),
    });
  } else if (step.name === 'disabling') {
    body = codeForm({
      onSubmit: (event) => void turnOff(event),
      submit: TEXTS.turnOff,
      danger: true,
      intro: <Text size="sm">{TEXTS.turnOffHelp}</Text>,
      children: (
        <PasswordInput
          label={TEXTS.password}
          required
          autoComplete="current-password"
          maxLength={PASSWORD_MAX_LENGTH}
          value={password}
          error={fieldError('password')}
          errorProps={{ role: 'alert' }}
          onChange={(event) => setPassword(event.currentTarget.value)}
          data-testid="two-factor-password"
        />
      ),
    });
  } else if (step.name === 'replacing') {
    body = codeForm({
      onSubmit: (event) => void replaceCodes(event),
      submit: TEXTS.replace,
      intro: <Text size="sm">{TEXTS.newCodesHelp}</Text>,
    });
  } else if (status.enabled && status.enabledAt) {
    body = (
      <Stack gap="sm">
        <Text size="sm" data-testid="two-factor-summary">
          {twoFactorOnSummary(status.enabledAt, status.recoveryCodesLeft, (iso) => formatLongDate(iso))}
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={() => begin({ name: 'replacing' })}>
            {TEXTS.newCodes}
          </Button>
          <Button variant="default" color="red" onClick={() => begin({ name: 'disabling' })}>
            {TEXTS.turnOff}
          </Button>
        </Group>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="sm">
        <Text size="sm">{TEXTS.off}</Text>
        {formError && <ErrorAlert message={formError} />}
        <Group>
          <Button onClick={() => void setUp()} loading={busy}>
            {TEXTS.setUp}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <SettingsSection
      title={TEXTS.title}
      data-testid="two-factor-settings"
      maxWidth={520}
      badge={
        status && (
          <Badge variant="light" color={status.enabled ? undefined : 'gray'} data-testid="two-factor-badge">
            {status.enabled ? 'On' : 'Off'}
          </Badge>
        )
      }
    >
      {body}
    </SettingsSection>
  );
}
