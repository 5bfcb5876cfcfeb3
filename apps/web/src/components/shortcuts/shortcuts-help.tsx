import { Dialog } from 'primereact/dialog';
import { useEffect, useState } from 'react';
import { isTextEntry, SHORTCUTS } from './keyboard';
import './shortcuts.css';

/**
 * "?" anywhere but a text field opens the list of keyboard shortcuts (issue 20). Mounted once by the
 * shell; in a field, "?" types a "?".
 */
export function ShortcutsHelp() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '?' || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey)
        return;
      if (isTextEntry(event.target)) return;
      event.preventDefault();
      setOpen(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <Dialog
      visible={open}
      onHide={() => setOpen(false)}
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
