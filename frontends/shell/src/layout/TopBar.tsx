import { Burger, Button, Container, Group } from '@mantine/core';
import { CONTENT_WIDTH, useAuth } from '@fxrates/web-kit';
import { NavLink } from 'react-router';
import { useAuthEntryPoints } from '../auth/AuthEntryPoints';
import { useLogout } from '../auth/use-logout';
import classes from './layout.module.css';
import { SIGNED_IN_LINKS, TOP_BAR_LINKS } from './navigation';
import { ProductBrand } from './ProductBrand';

interface TopBarProps {
  menuOpened: boolean;
  onToggleMenu: () => void;
}

/**
 * Login and Register open their dialogs. While the start-up refresh of a possibly
 * signed-in visitor runs they hold their place unseen, so nothing flashes nor moves.
 */
function SignedOutActions({ pending = false }: { pending?: boolean }) {
  const { openLogin, openRegister } = useAuthEntryPoints();
  return (
    <Group gap="xs" visibleFrom="md" style={pending ? { visibility: 'hidden' } : undefined}>
      <Button variant="default" onClick={() => openLogin()}>
        Login
      </Button>
      <Button onClick={openRegister}>Register</Button>
    </Group>
  );
}

function SignedInActions() {
  const logout = useLogout();
  return (
    <Group gap="xs" visibleFrom="md" component="nav" aria-label="Your account">
      {SIGNED_IN_LINKS.map((link) => (
        <NavLink key={link.to} to={link.to} end className={classes.navLink}>
          {link.label}
        </NavLink>
      ))}
      <Button variant="default" onClick={logout}>
        Logout
      </Button>
    </Group>
  );
}

/** Product name, main links and the account actions; a burger below the md breakpoint. */
export function TopBar({ menuOpened, onToggleMenu }: TopBarProps) {
  const { user, loading } = useAuth();
  return (
    <Container size={CONTENT_WIDTH} h="100%">
      <Group h="100%" justify="space-between" wrap="nowrap">
        <ProductBrand />
        <Group gap={4} visibleFrom="md" component="nav" aria-label="Main">
          {TOP_BAR_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end className={classes.navLink}>
              {link.label}
            </NavLink>
          ))}
        </Group>
        {user ? <SignedInActions /> : <SignedOutActions pending={loading} />}
        <Burger
          hiddenFrom="md"
          opened={menuOpened}
          onClick={onToggleMenu}
          size="sm"
          aria-label={menuOpened ? 'Close navigation menu' : 'Open navigation menu'}
        />
      </Group>
    </Container>
  );
}
