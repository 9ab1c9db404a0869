import { Checkbox, NumberInput, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  API_KEY_KINDS,
  KEY_NAME_MAX_LENGTH,
  MAX_KEY_NETWORKS,
  MAX_KEY_ORIGINS,
  type ApiKeyKind,
} from '@fxrates/domain';
import { utcDayOf } from './key-dates';
import { MAX_MONTHLY_CAP, scopesAllowed, withKind, type KeyFormValues } from './key-form';
import { KIND_DESCRIPTIONS, KIND_LABELS, SCOPE_CHOICES } from './key-texts';

/**
 * The fields of the create and edit dialogs: name, kind (chosen once, at creation), scopes, allowed
 * networks, allowed origins (a publishable key's), monthly cap and expiry.
 */
export function KeyFields({
  form,
  kindEditable,
}: {
  form: UseFormReturnType<KeyFormValues>;
  kindEditable: boolean;
}) {
  const { kind } = form.getValues();
  const tomorrow = utcDayOf(new Date(Date.now() + 86_400_000));

  return (
    <Stack gap="md">
      <TextInput
        label="Key name"
        placeholder="e.g. Production server"
        required
        data-autofocus
        maxLength={KEY_NAME_MAX_LENGTH}
        {...form.getInputProps('name')}
      />
      {kindEditable && (
        <Radio.Group
          label="Kind"
          value={kind}
          onChange={(value) => form.setValues(withKind(form.getValues(), value as ApiKeyKind))}
        >
          <Stack gap="xs" mt={4}>
            {API_KEY_KINDS.map((choice) => (
              <Radio
                key={choice}
                value={choice}
                label={KIND_LABELS[choice]}
                description={KIND_DESCRIPTIONS[choice]}
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
      <Checkbox.Group
        label="Scopes"
        description={kind === 'publishable' ? 'A publishable key reads rates only.' : undefined}
        {...form.getInputProps('scopes')}
      >
        <Stack gap="xs" mt={4}>
          {scopesAllowed(kind).map((scope) => (
            <Checkbox
              key={scope}
              value={scope}
              label={SCOPE_CHOICES[scope].label}
              description={SCOPE_CHOICES[scope].description}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      {kind === 'publishable' && (
        <Textarea
          label="Allowed origins"
          description={`The web pages that may use this key, one origin per line (at most ${MAX_KEY_ORIGINS}), such as https://shop.example.com; http:// only for localhost.`}
          placeholder="https://shop.example.com"
          required
          autosize
          minRows={2}
          maxRows={8}
          {...form.getInputProps('origins')}
        />
      )}
      <Textarea
        label="Allowed networks (optional)"
        description={`Only callers in these networks may use the key: one IPv4 or IPv6 address or CIDR block per line (at most ${MAX_KEY_NETWORKS}), such as 203.0.113.0/24. Empty: any address.`}
        placeholder="203.0.113.0/24"
        autosize
        minRows={2}
        maxRows={8}
        {...form.getInputProps('networks')}
      />
      <NumberInput
        label="Monthly cap (optional)"
        description="Calls this key may make in a calendar month (UTC), within your plan's quota. Empty: no cap of its own."
        allowDecimal={false}
        allowNegative={false}
        min={1}
        max={MAX_MONTHLY_CAP}
        {...form.getInputProps('monthlyCap')}
      />
      <TextInput
        type="date"
        label="Expires on (optional)"
        description="The key stops working at 00:00 UTC that day. Empty: never."
        min={tomorrow}
        {...form.getInputProps('expiresOn')}
      />
      {kindEditable && (
        <Text size="xs" c="dimmed">
          You can change all of these but the kind later.
        </Text>
      )}
    </Stack>
  );
}
