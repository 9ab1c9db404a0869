import { Container, Stack, Text, Title, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../hooks/use-page-title';
import { CONTENT_WIDTH } from '../theme/theme';

export interface PageSectionProps {
  /** Shown as the page heading and in the browser tab. */
  title: string;
  description?: ReactNode;
  /**
   * A narrower page for a form (sign-in 400, sign-up 600). Pages of content all take the one
   * CONTENT_WIDTH, as the top bar and footer do.
   */
  size?: MantineSize | number;
  children?: ReactNode;
}

/** A titled page body: heading, optional lead text, content. Sets document.title. */
export function PageSection({ title, description, size = CONTENT_WIDTH, children }: PageSectionProps) {
  usePageTitle(title);
  return (
    <Container size={size} py={{ base: 40, md: 64 }}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} fz={{ base: 28, md: 36 }}>
            {title}
          </Title>
          {description && (
            <Text c="dimmed" size="lg">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}
