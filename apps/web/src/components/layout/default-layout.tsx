import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { logout } from '../../lib/auth';
import { requiredPermission } from '../../lib/route-handle';
import { useMediaQuery } from '../../lib/use-media-query';
import { RequirePermission } from '../require-permission';
import { ShortcutsHelp } from '../shortcuts/shortcuts-help';
import { Configurator } from './configurator';
import { Footer } from './footer';
import { useLayoutSettings } from './layout-settings';
import type { MenuEntry } from './menu-types';
import { Sidebar } from './sidebar';
import { Topbar } from './topbar';
import './layout.css';

/** Below this width the sidebar always overlays the content, closed until asked for. */
const WIDE_SCREEN = '(min-width: 992px)';

/** The application shell: topbar, sidebar with the menu, content, footer and configurator. */
export function DefaultLayout({
  menu,
  search,
}: {
  menu: readonly MenuEntry[];
  /** The topbar's global search (features/search, given by the app). */
  search?: React.ReactNode;
}) {
  const settings = useLayoutSettings();
  const wide = useMediaQuery(WIDE_SCREEN);
  const overlay = !wide || settings.menu === 'overlay';
  const [staticHidden, setStaticHidden] = useState(false);
  const [overlayOpen, setOverlayOpen] = useState(false);
  const [configuratorOpen, setConfiguratorOpen] = useState(false);
  const sidebarVisible = overlay ? overlayOpen : !staticHidden;

  const sidebarId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const mainRef = useRef<HTMLElement>(null);
  const location = useLocation();
  const permission = requiredPermission(useMatches());

  const closeOverlay = useCallback(() => setOverlayOpen(false), []);

  // A new screen: close the overlay menu and take focus to the content, so keyboard and screen
  // reader users start reading the new screen (and focus is not lost inside a hidden menu).
  const firstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of path.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    setOverlayOpen(false);
    mainRef.current?.focus({ preventScroll: true });
  }, [location.pathname]);

  // The overlay menu closes on Escape (focus back on its toggle) and takes focus when it opens.
  useEffect(() => {
    if (!overlay || !overlayOpen) return;
    navRef.current?.querySelector<HTMLElement>('a')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      closeOverlay();
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [overlay, overlayOpen, closeOverlay]);

  const toggleSidebar = () => {
    if (overlay) setOverlayOpen((open) => !open);
    else setStaticHidden((hidden) => !hidden);
  };

  // docs/http-api.md#sign-in-lifecycle: signing out always ends here, whatever the server answers (it never fails).
  const signOut = ({ toLogoutOk }: { toLogoutOk: boolean }) => {
    void logout({ toLogoutOk });
  };

  const classes = [
    'layout',
    overlay ? 'layout-overlay' : 'layout-static',
    sidebarVisible ? '' : 'layout-sidebar-closed',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={classes}>
      <a className="skip-link" href="#main">
        Saltar al contenido
      </a>
      <Topbar
        sidebarId={sidebarId}
        sidebarVisible={sidebarVisible}
        onToggleSidebar={toggleSidebar}
        onOpenConfigurator={() => setConfiguratorOpen(true)}
        onLogout={signOut}
        toggleRef={toggleRef}
        search={search}
      />
      <Sidebar id={sidebarId} entries={menu} visible={sidebarVisible} overlay={overlay} navRef={navRef} />
      {overlay && overlayOpen && <div className="layout-mask" aria-hidden="true" onClick={closeOverlay} />}
      <div className="layout-main">
        <main id="main" ref={mainRef} tabIndex={-1} className="layout-content">
          <RequirePermission permission={permission}>
            <Outlet />
          </RequirePermission>
        </main>
        <Footer />
      </div>
      <Configurator open={configuratorOpen} onClose={() => setConfiguratorOpen(false)} />
      <ShortcutsHelp />
    </div>
  );
}
