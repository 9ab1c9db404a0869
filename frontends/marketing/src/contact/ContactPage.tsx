import '@mantine/notifications/styles.css';
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { CONTACT_TEXTS, SNACKBAR_AUTO_HIDE_MS } from '@fxrates/domain';
import { PageSection, useAuth, useRuntimeConfig } from '@fxrates/web-kit';
import { ContactForm } from './ContactForm';

/** /contact: the support address and the contact form. */
export function ContactPage() {
  const { supportEmail } = useRuntimeConfig();
  const { user } = useAuth();
  return (
    <PageSection
      title="Contact Us"
      description="Questions about plans, integrations or your account? We are here to help."
    >
      <Paper withBorder radius="md" p="md" maw={640}>
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={600}>Email</Text>
            <Anchor href={`mailto:${supportEmail}`}>{supportEmail}</Anchor>
          </Group>
          <Group gap="xs">
            <Badge variant="light">{CONTACT_TEXTS.globalService}</Badge>
            <Text size="sm" c="dimmed">
              We answer customers in every time zone.
            </Text>
          </Group>
        </Stack>
      </Paper>
      {/* Keyed by the user: signing in or out starts a form pre-filled for whoever is there. */}
      <ContactForm
        key={user?.uid ?? 'visitor'}
        prefill={user ? { name: user.displayName, email: user.email } : {}}
      />
      {/* The form's snackbar: mounted with this page, off the landing page's load. */}
      <Notifications position="bottom-center" autoClose={SNACKBAR_AUTO_HIDE_MS} />
    </PageSection>
  );
}
