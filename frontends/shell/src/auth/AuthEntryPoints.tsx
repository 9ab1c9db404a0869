import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

// The dialogs are fetched when first opened, not with the first page; once there,
// they stay mounted so that closing animates and reopening is instant.
const LoginDialog = lazy(() => import('./LoginDialog').then((m) => ({ default: m.LoginDialog })));
const RegisterDialog = lazy(() => import('./RegisterDialog').then((m) => ({ default: m.RegisterDialog })));

/** How the top bar's Login and Register buttons start signing in or signing up. */
export interface AuthEntryPoints {
  /** Opens the Login dialog, optionally with the email filled in. */
  openLogin: (email?: string) => void;
  openRegister: () => void;
}

type DialogName = 'login' | 'register';

const AuthEntryPointsContext = createContext<AuthEntryPoints | null>(null);

/** Owns the Login and Create Account dialogs of the top bar; at most one is open at a time. */
export function AuthEntryPointsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<DialogName | null>(null);
  const openRef = useRef<DialogName | null>(null);
  // Each opening gets a new key: its form starts empty (closing clears the fields and the error).
  const [login, setLogin] = useState({ key: 0, email: '', returnFocus: true });
  const [registerKey, setRegisterKey] = useState(0);
  const [used, setUsed] = useState<ReadonlySet<DialogName>>(new Set());

  // Mantine's Modal returns focus to its opener only when it saw itself open; a dialog that first
  // mounts already open (fetched on the first click) never did, so the opener is kept here.
  const openerRef = useRef<HTMLElement | null>(null);

  const show = useCallback((name: DialogName | null) => {
    const wasOpen = openRef.current !== null;
    if (name && !wasOpen) {
      openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    }
    if (!name && wasOpen) {
      const opener = openerRef.current;
      openerRef.current = null;
      // After the focus trap lets go, as Mantine's own return does.
      if (opener) window.setTimeout(() => opener.focus({ preventScroll: true }), 10);
    }
    openRef.current = name;
    setOpen(name);
    if (name) setUsed((current) => (current.has(name) ? current : new Set(current).add(name)));
  }, []);

  const openLogin = useCallback(
    (email = '') => {
      setLogin((current) => ({ key: current.key + 1, email, returnFocus: true }));
      show('login');
    },
    [show],
  );

  const openRegister = useCallback(() => {
    setRegisterKey((current) => current + 1);
    show('register');
  }, [show]);

  const close = useCallback(() => show(null), [show]);

  /** Closes the login dialog for the page a link in it opened: the focus is that page's, not the opener's. */
  const leaveLogin = useCallback(() => {
    openerRef.current = null;
    setLogin((current) => ({ ...current, returnFocus: false }));
    show(null);
  }, [show]);

  /** The existing-email switch, unless the user has closed the register dialog meanwhile. */
  const switchToLogin = useCallback(
    (email: string) => {
      if (openRef.current === 'register') openLogin(email);
    },
    [openLogin],
  );

  const value = useMemo<AuthEntryPoints>(() => ({ openLogin, openRegister }), [openLogin, openRegister]);

  return (
    <AuthEntryPointsContext.Provider value={value}>
      {children}
      <Suspense fallback={null}>
        {used.has('login') && (
          <LoginDialog
            opened={open === 'login'}
            onClose={close}
            formKey={login.key}
            initialEmail={login.email}
            onLeave={leaveLogin}
            returnFocus={login.returnFocus}
          />
        )}
        {used.has('register') && (
          <RegisterDialog
            opened={open === 'register'}
            onClose={close}
            formKey={registerKey}
            onSwitchToLogin={switchToLogin}
          />
        )}
      </Suspense>
    </AuthEntryPointsContext.Provider>
  );
}

export function useAuthEntryPoints(): AuthEntryPoints {
  const value = useContext(AuthEntryPointsContext);
  if (!value) throw new Error('useAuthEntryPoints must be used within an AuthEntryPointsProvider');
  return value;
}
