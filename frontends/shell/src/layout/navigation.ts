/** A link of the top bar, the burger menu or the footer. */
export interface NavigationLink {
  label: string;
  to: string;
}

/** Top bar on wide screens. */
export const TOP_BAR_LINKS: readonly NavigationLink[] = [
  { label: 'Home', to: '/' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'API Docs', to: '/docs' },
  { label: 'Contact', to: '/contact' },
];

/** Burger menu below the md breakpoint, for everyone. */
export const MENU_LINKS: readonly NavigationLink[] = [
  { label: 'Home', to: '/' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'API Docs', to: '/docs' },
];

/** Burger menu, signed out: the pages rather than the dialogs. */
export const MENU_SIGNED_OUT_LINKS: readonly NavigationLink[] = [
  { label: 'Login', to: '/login' },
  { label: 'Register', to: '/register' },
];

/** Top bar and burger menu, signed in; Logout follows them. */
export const SIGNED_IN_LINKS: readonly NavigationLink[] = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Account', to: '/account' },
];

export const FOOTER_QUICK_LINKS: readonly NavigationLink[] = [
  { label: 'Home', to: '/' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'API Documentation', to: '/docs' },
  { label: 'Contact Us', to: '/contact' },
];

/** Beside the copyright line, outside the spec's three columns: the public status of the rates sources. */
export const FOOTER_STATUS_LINK: NavigationLink = { label: 'System Status', to: '/status' };

export const FOOTER_LEGAL_LINKS: readonly NavigationLink[] = [
  { label: 'Terms of Service', to: '/terms' },
  { label: 'Privacy Policy', to: '/privacy' },
];
