import type { Ref } from 'react';
import { AppMenu } from './app-menu';
import type { MenuEntry } from './menu-types';

interface SidebarProps {
  id: string;
  entries: readonly MenuEntry[];
  visible: boolean;
  overlay: boolean;
  navRef: Ref<HTMLElement>;
}

/** The navigation landmark. While hidden it is inert, so keyboard users do not tab into it. */
export function Sidebar({ id, entries, visible, overlay, navRef }: SidebarProps) {
  return (
    <nav
      ref={navRef}
      id={id}
      aria-label="Menú principal"
      className={`layout-sidebar${overlay ? ' layout-sidebar-overlay' : ''}${visible ? '' : ' layout-sidebar-hidden'}`}
      inert={!visible}
    >
      <AppMenu entries={entries} />
    </nav>
  );
}
