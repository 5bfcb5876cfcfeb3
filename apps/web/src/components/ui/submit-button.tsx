interface SubmitButtonProps {
  label: string;
  /** A PrimeIcons class, e.g. 'pi pi-sign-in'. */
  icon?: string;
  busy?: boolean;
  className?: string;
}

/**
 * A submit button drawn by the PrimeReact theme's .p-button rules. The sign-in screens use plain
 * elements with the theme's classes instead of PrimeReact components, so the first page a visitor
 * loads stays small (docs: apps/web/README.md, "Bundle size").
 */
export function SubmitButton({ label, icon, busy = false, className }: SubmitButtonProps) {
  const iconClass = busy ? 'pi pi-spin pi-spinner' : icon;
  return (
    <button
      type="submit"
      className={['p-button p-component', className].filter(Boolean).join(' ')}
      disabled={busy}
      aria-disabled={busy || undefined}
    >
      {iconClass && <span className={`p-button-icon p-button-icon-left ${iconClass}`} aria-hidden="true" />}
      <span className="p-button-label">{label}</span>
    </button>
  );
}
