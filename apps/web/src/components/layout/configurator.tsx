import { useEffect, useId, useRef } from 'react';
import {
  type LayoutSettings,
  MENU_MODES,
  PRIMARY_COLOURS,
  THEME_MODES,
  updateLayoutSettings,
  useLayoutSettings,
} from './layout-settings';

interface ConfiguratorProps {
  open: boolean;
  onClose: () => void;
}

interface ChoiceGroupProps<K extends keyof LayoutSettings> {
  legend: string;
  setting: K;
  options: readonly { value: LayoutSettings[K]; label: string; icon?: string }[];
  swatches?: boolean;
}

/** A fieldset of radio buttons drawn as a segmented control; the native inputs keep it accessible. */
function ChoiceGroup<K extends keyof LayoutSettings>({
  legend,
  setting,
  options,
  swatches,
}: ChoiceGroupProps<K>) {
  const settings = useLayoutSettings();
  const name = useId();
  return (
    <fieldset className="config-group">
      <legend>{legend}</legend>
      <div className={swatches ? 'config-choices config-choices-swatches' : 'config-choices'}>
        {options.map((option) => (
          <label key={option.value} className="config-choice">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={settings[setting] === option.value}
              onChange={() => updateLayoutSettings({ [setting]: option.value })}
            />
            {swatches && (
              <span className={`config-swatch config-swatch-${option.value}`} aria-hidden="true" />
            )}
            {option.icon && <i className={option.icon} aria-hidden="true" />}
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The layout configurator: a modal <dialog> sliding in from the right. The native dialog gives focus
 * containment, Escape to close and focus return to the button that opened it.
 */
export function Configurator({ open, onClose }: ConfiguratorProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click closes on the backdrop only; Escape is native.
    <dialog
      ref={dialogRef}
      className="configurator"
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialogRef.current) onClose();
      }}
    >
      <div className="configurator-body">
        <div className="configurator-header">
          <h2 id={titleId}>Configuración</h2>
          <button type="button" className="topbar-button" aria-label="Cerrar configuración" onClick={onClose}>
            <i className="pi pi-times" aria-hidden="true" />
          </button>
        </div>
        <ChoiceGroup legend="Modo" setting="mode" options={THEME_MODES} />
        <ChoiceGroup legend="Color principal" setting="primary" options={PRIMARY_COLOURS} swatches />
        <ChoiceGroup legend="Menú" setting="menu" options={MENU_MODES} />
        <p className="config-note">En pantallas estrechas el menú siempre se superpone al contenido.</p>
      </div>
    </dialog>
  );
}
