import { Anchor, Badge, Box, Container, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useRuntimeConfig } from '../runtime-config/RuntimeConfigContext';
import { CONTENT_WIDTH } from '../theme/theme';
import { LogoMark } from './icons';

/** Minimal chrome around a remote running on its own (development only; the shell owns the real layout). */
export function StandaloneFrame({ appName, children }: { appName: string; children: ReactNode }) {
  const { productName } = useRuntimeConfig();
  return (
    <Box mih="100vh" bg="gray.0">
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size={CONTENT_WIDTH} h={56}>
          <Group h="100%" justify="space-between">
            <Anchor component={Link} to="/" underline="never" c="inherit">
              <Group gap="xs">
                <LogoMark size={24} />
                <Text fw={700}>{productName}</Text>
              </Group>
            </Anchor>
            <Badge variant="light">{appName} · standalone</Badge>
          </Group>
        </Container>
      </Box>
      <main>{children}</main>
    </Box>
  );
}
