import { AppShell, Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import classes from './layout.module.css';
import { MobileMenu } from './MobileMenu';
import { SiteFooter } from './SiteFooter';
import { TopBar } from './TopBar';

const HEADER_HEIGHT = 64;

/** The page frame around every route: top bar, burger menu, content and footer. */
export function ShellLayout() {
  const [menuOpened, menu] = useDisclosure(false);
  const { pathname } = useLocation();

  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [pathname]);

  return (
    <AppShell header={{ height: HEADER_HEIGHT }} padding={0}>
      <AppShell.Header className={classes.header}>
        <TopBar menuOpened={menuOpened} onToggleMenu={menu.toggle} />
      </AppShell.Header>
      <MobileMenu opened={menuOpened} onClose={menu.close} />
      <AppShell.Main className={classes.main}>
        <Box className={classes.content}>
          <Outlet />
        </Box>
        <SiteFooter />
      </AppShell.Main>
    </AppShell>
  );
}
