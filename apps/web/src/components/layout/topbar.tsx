import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { APP_NAME } from '../../lib/app-info';
import { useUser } from '../../lib/auth';
import { Avatar } from '../ui/avatar';

interface TopbarProps {
  sidebarId: string;
  sidebarVisible: boolean;
  onToggleSidebar: () => void;
  onOpenConfigurator: () => void;
  onLogout: (options: { toLogoutOk: boolean }) => void;
  toggleRef: React.Ref<HTMLButtonElement>;
  /** The global search the app puts beside the brand (features/search). */
  search?: React.ReactNode;
}

export function Topbar({
  sidebarId,
  sidebarVisible,
  onToggleSidebar,
  onOpenConfigurator,
  onLogout,
  toggleRef,
  search,
}: TopbarProps) {
  const user = useUser();
  const menuRef = useRef<Menu>(null);
  const menuId = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  const name = user?.name ?? '';
  const navigate = useNavigate();

  const items: MenuItem[] = [
    { label: 'Mi cuenta', icon: 'pi pi-user', command: () => navigate('/account') },
    { label: 'Cerrar sesión', icon: 'pi pi-sign-out', command: () => onLogout({ toLogoutOk: false }) },
    {
      label: 'Cerrar sesión en un equipo compartido',
      icon: 'pi pi-lock',
      command: () => onLogout({ toLogoutOk: true }),
    },
  ];

  return (
    <header className="layout-topbar">
      <button
        ref={toggleRef}
        type="button"
        className="topbar-button"
        aria-label="Mostrar u ocultar el menú"
        aria-controls={sidebarId}
        aria-expanded={sidebarVisible}
        onClick={onToggleSidebar}
      >
        <i className="pi pi-bars" aria-hidden="true" />
      </button>
      <Link to="/" className="topbar-brand">
        <span className="app-logo" aria-hidden="true">
          G
        </span>
        <span>{APP_NAME}</span>
      </Link>
      {search}
      <div className="topbar-actions">
        <button
          type="button"
          className="topbar-button"
          aria-label="Abrir configuración"
          aria-haspopup="dialog"
          onClick={onOpenConfigurator}
        >
          <i className="pi pi-cog" aria-hidden="true" />
        </button>
        <button
          type="button"
          className="topbar-user"
          aria-label="Menú de usuario"
          aria-haspopup="menu"
          aria-controls={menuOpen ? menuId : undefined}
          aria-expanded={menuOpen}
          onClick={(event) => menuRef.current?.toggle(event)}
        >
          <Avatar name={name} />
          <span className="topbar-user-name">{name}</span>
          <i className="pi pi-angle-down" aria-hidden="true" />
        </button>
        <Menu
          ref={menuRef}
          id={menuId}
          model={items}
          popup
          popupAlignment="right"
          className="user-menu"
          onShow={() => setMenuOpen(true)}
          onHide={() => setMenuOpen(false)}
        />
      </div>
    </header>
  );
}
