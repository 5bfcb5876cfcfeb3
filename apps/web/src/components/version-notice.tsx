import { useNewVersionAvailable } from '../lib/version-check';

/** docs/ui-contract.md: "Hay una nueva versión de Gestor disponible." with a "Recargar" button. */
export function VersionNotice() {
  const available = useNewVersionAvailable();
  if (!available) return null;
  return (
    <output className="version-notice">
      <i className="pi pi-sync" aria-hidden="true" />
      <span>Hay una nueva versión de Gestor disponible.</span>
      <button type="button" className="version-notice-button" onClick={() => window.location.reload()}>
        Recargar
      </button>
    </output>
  );
}
