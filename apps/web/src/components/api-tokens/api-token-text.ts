import { formatDateTime } from '../resource/format';

// How a token's details read in its list (decision 037), apart from the component so they are tested alone.

/** "Sin permisos", "1 permiso", "3 permisos". */
export function permissionCount(count: number): string {
  return count === 0 ? 'Sin permisos' : count === 1 ? '1 permiso' : `${count} permisos`;
}

/** "Caduca el 31/12/2026 23:59", "Caducó el …", or "Sin caducidad". */
export function describeExpiry(expiresAt: string | null, now = Date.now()): string {
  if (!expiresAt) return 'Sin caducidad';
  return `${Date.parse(expiresAt) <= now ? 'Caducó el' : 'Caduca el'} ${formatDateTime(expiresAt)}`;
}
