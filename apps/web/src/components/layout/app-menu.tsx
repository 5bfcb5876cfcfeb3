import { useCan } from '../../lib/permissions';
import { AppMenuItem } from './app-menu-item';
import type { MenuEntry } from './menu-types';

/** The entries the user may see, in declaration order. */
export function AppMenu({ entries }: { entries: readonly MenuEntry[] }) {
  const can = useCan();
  const visible = entries.filter((entry) => !entry.permission || can(entry.permission));
  return (
    <ul className="layout-menu">
      {visible.map((entry) => (
        <AppMenuItem key={entry.to} entry={entry} />
      ))}
    </ul>
  );
}
