import { Dialog } from 'primereact/dialog';
import { SHORTCUTS } from './keyboard';
import './shortcuts.css';

/** The list of keyboard shortcuts, in a dialog (loaded with the first "?": shortcuts-help.tsx). */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      visible={open}
      onHide={onClose}
      header="Atajos de teclado"
      className="shortcuts-dialog"
      dismissableMask
    >
      {SHORTCUTS.map(({ group, entries }) => (
        <section key={group} className="shortcuts-group">
          <h3>{group}</h3>
          <dl>
            {entries.map(({ keys, description }) => (
              <div key={description} className="shortcuts-entry">
                <dt>
                  {keys.map((key, index) => (
                    <span key={key}>
                      {index > 0 && keys[0] !== '↑' && <span aria-hidden="true"> + </span>}
                      <kbd>{key}</kbd>
                    </span>
                  ))}
                </dt>
                <dd>{description}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </Dialog>
  );
}
