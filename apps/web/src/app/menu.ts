import { AREA_LABELS } from '@gestor/shared/permissions';
import type { MenuEntry } from '../components/layout/menu-types';
import { areas } from './areas';

// The sidebar menu, as data: home, then every area of the registry (app/areas.ts), then the activity
// log (decision 031) and the accessibility screen (docs/accessibility.md). The shell shows an entry
// only to users holding its permission.
export const mainMenu: readonly MenuEntry[] = [
  { label: 'Inicio', icon: 'pi pi-home', to: '/' },
  ...areas.map(({ area, icon }) => ({
    label: AREA_LABELS[area],
    icon,
    to: `/${area}`,
    permission: `${area}.view` as const,
  })),
  { label: 'Actividad', icon: 'pi pi-history', to: '/activity', permission: 'activity.view' },
  {
    label: 'Accesibilidad',
    icon: 'pi pi-eye',
    to: '/accessibility',
    permission: 'accessibility.view',
  },
];
