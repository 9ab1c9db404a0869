import { Box, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CONTENT_WIDTH } from '@fxrates/web-kit';
import { TEXTS } from '@fxrates/domain';
import { CurrencyConverter } from './converter/CurrencyConverter';
import classes from './home.module.css';

/** Headline, subline and the embedded converter. */
export function Hero() {
  return (
    <Box component="section" className={classes.hero}>
      <Container size={CONTENT_WIDTH} py={{ base: 40, md: 88 }} className={classes.heroInner}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 32, md: 64 }} style={{ alignItems: 'center' }}>
          <Stack gap="lg">
            <div>
              <span className={classes.eyebrow}>
                <span className={classes.liveDot} aria-hidden="true" />
                {TEXTS.tagline}
              </span>
            </div>
            <Title order={1} className={classes.headline} fz={{ base: 36, sm: 46, md: 54 }}>
              {TEXTS.headline}
            </Title>
            <Text className={classes.subline} fz={{ base: 'md', md: 'lg' }} fw={500}>
              {TEXTS.subline}
            </Text>
          </Stack>
          <CurrencyConverter />
        </SimpleGrid>
      </Container>
    </Box>
  );
}
