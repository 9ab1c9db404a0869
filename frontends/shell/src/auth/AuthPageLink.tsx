import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';

/** The line under a sign-in, sign-up or reset form that leads to the other one ("New here? Create an account"). */
export function AuthPageLink({ prompt, to, label }: { prompt: string; to: string; label: string }) {
  return (
    <Text size="sm" c="dimmed" ta="center">
      {prompt}{' '}
      <Anchor component={Link} to={to} size="sm">
        {label}
      </Anchor>
    </Text>
  );
}
