import { Divider, Drawer, NavLink as MantineNavLink, Stack } from '@mantine/core';
import { useAuth } from '@fxrates/web-kit';
import { NavLink, useLocation } from 'react-router';
import { useLogout } from '../auth/use-logout';
import { MENU_LINKS, MENU_SIGNED_OUT_LINKS, SIGNED_IN_LINKS, type NavigationLink } from './navigation';
import { ProductBrand } from './ProductBrand';

interface MobileMenuProps {
  opened: boolean;
  onClose: () => void;
}

const ITEM_STYLE = { borderRadius: 'var(--mantine-radius-md)' };

function MenuLink({ link, onClose }: { link: NavigationLink; onClose: () => void }) {
  const { pathname } = useLocation();
  return (
    <MantineNavLink
      component={NavLink}
      to={link.to}
      label={link.label}
      active={pathname === link.to}
      onClick={onClose}
      fw={500}
      style={ITEM_STYLE}
    />
  );
}

function LogoutItem({ onClose }: { onClose: () => void }) {
  const logout = useLogout(onClose);
  return <MantineNavLink component="button" label="Logout" onClick={logout} fw={500} style={ITEM_STYLE} />;
}

/**
 * The burger menu of narrow screens: Home, Pricing, API Docs, then Dashboard, Account
 * and Logout when signed in, or Login and Register when signed out.
 */
export function MobileMenu({ opened, onClose }: MobileMenuProps) {
  const { user, loading } = useAuth();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xs"
      hiddenFrom="md"
      title={<ProductBrand onNavigate={onClose} />}
      closeButtonProps={{ 'aria-label': 'Close navigation menu' }}
    >
      <Stack gap={4} component="nav" aria-label="Menu">
        {MENU_LINKS.map((link) => (
          <MenuLink key={link.to} link={link} onClose={onClose} />
        ))}
        <Divider my="sm" />
        {user ? (
          <>
            {SIGNED_IN_LINKS.map((link) => (
              <MenuLink key={link.to} link={link} onClose={onClose} />
            ))}
            <LogoutItem onClose={onClose} />
          </>
        ) : loading ? null : (
          MENU_SIGNED_OUT_LINKS.map((link) => <MenuLink key={link.to} link={link} onClose={onClose} />)
        )}
      </Stack>
    </Drawer>
  );
}
