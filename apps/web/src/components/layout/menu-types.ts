import type { Permission } from '@gestor/shared';

/** One sidebar entry; the menu itself is declared as data in src/app/menu.ts. */
export interface MenuEntry {
  label: string;
  /** A PrimeIcons class, e.g. 'pi pi-home'. */
  icon: string;
  to: string;
  /** Shown only to users holding it (docs/architecture.md#the-spa: the menu shows only the areas the user may view). */
  permission?: Permission;
}
