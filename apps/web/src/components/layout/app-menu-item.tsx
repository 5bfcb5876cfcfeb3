import { NavLink } from 'react-router';
import type { MenuEntry } from './menu-types';

export function AppMenuItem({ entry }: { entry: MenuEntry }) {
  return (
    <li>
      <NavLink
        to={entry.to}
        end={entry.to === '/'}
        className={({ isActive }) => (isActive ? 'menu-link menu-link-active' : 'menu-link')}
      >
        <i className={`${entry.icon} menu-link-icon`} aria-hidden="true" />
        <span>{entry.label}</span>
      </NavLink>
    </li>
  );
}
