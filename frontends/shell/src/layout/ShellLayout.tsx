import { Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import classes from './layout.module.css';
import { SiteFooter } from './SiteFooter';
import { TopBar } from './TopBar';

// The burger menu is fetched when first opened, not with the first page.
const MobileMenu = lazy(() => import('./MobileMenu').then((m) => ({ default: m.MobileMenu })));

/** The page frame around every route: top bar, burger menu, content and footer. */
export function ShellLayout() {
  const [menuOpened, menu] = useDisclosure(false);
  const [menuUsed, setMenuUsed] = useState(false);
  if (menuOpened && !menuUsed) setMenuUsed(true);
  const { pathname } = useLocation();

  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [pathname]);

  // A fixed header above the page, as Mantine's AppShell draws it, in plain elements: the landing
  // page then does without AppShell's code (9 KB gzipped).
  return (
    <div className={classes.shell}>
      <header className={classes.header}>
        <TopBar menuOpened={menuOpened} onToggleMenu={menu.toggle} />
      </header>
      {menuUsed && (
        <Suspense fallback={null}>
          <MobileMenu opened={menuOpened} onClose={menu.close} />
        </Suspense>
      )}
      <main className={classes.main}>
        <Box className={classes.content}>
          <Outlet />
        </Box>
        <SiteFooter />
      </main>
    </div>
  );
}
