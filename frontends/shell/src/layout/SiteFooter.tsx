import { Box, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { TEXTS } from '@fxrates/domain';
import { CONTENT_WIDTH, useRuntimeConfig } from '@fxrates/web-kit';
import { Link } from 'react-router';
import classes from './layout.module.css';
import {
  FOOTER_LEGAL_LINKS,
  FOOTER_QUICK_LINKS,
  FOOTER_STATUS_LINK,
  type NavigationLink,
} from './navigation';
import { ProductBrand } from './ProductBrand';

function FooterColumn({ heading, links }: { heading: string; links: readonly NavigationLink[] }) {
  return (
    <Stack gap="sm" component="nav" aria-label={heading}>
      <Text className={classes.footerHeading} component="h2">
        {heading}
      </Text>
      {links.map((link) => (
        <Link key={link.to} to={link.to} className={classes.footerLink}>
          {link.label}
        </Link>
      ))}
    </Stack>
  );
}

/** Three columns (brand and tagline, Quick Links, Legal) and the copyright line. */
export function SiteFooter() {
  const { productName } = useRuntimeConfig();
  const year = new Date().getFullYear();
  return (
    <Box component="footer" className={classes.footer} data-testid="site-footer">
      <Container size={CONTENT_WIDTH} py={48}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing={40}>
          <Stack gap="sm">
            <ProductBrand onDark />
            <Text size="sm" maw={280}>
              {TEXTS.tagline}
            </Text>
          </Stack>
          <FooterColumn heading="Quick Links" links={FOOTER_QUICK_LINKS} />
          <FooterColumn heading="Legal" links={FOOTER_LEGAL_LINKS} />
        </SimpleGrid>
        <Group className={classes.footerDivider} mt={40} pt="lg" justify="space-between">
          <Text size="sm" data-testid="copyright">
            © {year} {productName}. {TEXTS.allRightsReserved}
          </Text>
          <Link to={FOOTER_STATUS_LINK.to} className={classes.footerLink}>
            {FOOTER_STATUS_LINK.label}
          </Link>
        </Group>
      </Container>
    </Box>
  );
}
