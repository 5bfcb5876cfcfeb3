import { AREA_LABELS } from '@gestor/shared';
import type { MenuEntry } from '../components/layout/menu-types';

// The sidebar menu, as data. Each management area adds one line here when its screens exist, e.g.
//   { label: AREA_LABELS.role, icon: 'pi pi-shield', to: '/role', permission: 'role.view' },
// The shell shows an entry only to users holding its permission.
export const mainMenu: readonly MenuEntry[] = [
  { label: 'Inicio', icon: 'pi pi-home', to: '/' },
  { label: AREA_LABELS.role, icon: 'pi pi-shield', to: '/role', permission: 'role.view' },
  { label: AREA_LABELS.user, icon: 'pi pi-users', to: '/user', permission: 'user.view' },
];
