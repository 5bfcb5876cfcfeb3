import { Outlet, useNavigation } from 'react-router';
import { VersionNotice } from '../components/version-notice';

/** Above every screen: the navigation progress bar and the new-version notice. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state !== 'idle' && <div className="route-progress" aria-hidden="true" />}
      <Outlet />
      <VersionNotice />
    </>
  );
}

/** Shown while the first route loads (the user is being fetched). */
export function LoadingScreen() {
  return (
    <div className="loading-screen">
      <i className="pi pi-spin pi-spinner" aria-hidden="true" />
      <span>Cargando…</span>
    </div>
  );
}
