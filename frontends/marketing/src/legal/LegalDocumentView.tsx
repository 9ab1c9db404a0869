import { Divider, List, Stack, Text, Title } from '@mantine/core';
import { POLICY_LAST_UPDATED } from '@fxrates/domain';
import { PageSection } from '@fxrates/web-kit';
import type { LegalSection } from './legal-document';

/** Renders a policy page: title, "Last updated" line and numbered sections. */
export function LegalDocumentView({ title, sections }: { title: string; sections: readonly LegalSection[] }) {
  return (
    <PageSection title={title}>
      <Text c="dimmed" size="sm" data-testid="last-updated">
        Last updated: {POLICY_LAST_UPDATED}
      </Text>
      <Divider />
      <Stack gap={32} component="article" aria-label={title}>
        {sections.map((section) => (
          <Stack key={section.heading} gap="sm" component="section">
            <Title order={2} fz={22}>
              {section.heading}
            </Title>
            {section.blocks.map((block, index) => (
              <Stack key={block.heading ?? index} gap="xs">
                {block.heading && (
                  <Title order={3} fz={17}>
                    {block.heading}
                  </Title>
                )}
                {block.paragraphs.map((paragraph) => (
                  <Text key={paragraph} c="gray.8" lh={1.7}>
                    {paragraph}
                  </Text>
                ))}
                {block.bullets && (
                  <List spacing={6} c="gray.8" lh={1.6}>
                    {block.bullets.map((bullet) => (
                      <List.Item key={bullet}>{bullet}</List.Item>
                    ))}
                  </List>
                )}
              </Stack>
            ))}
          </Stack>
        ))}
      </Stack>
    </PageSection>
  );
}
