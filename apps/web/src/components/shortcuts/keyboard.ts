// The application's keyboard shortcuts (issue 20; decision 029): what they are, and when a key
// press belongs to the field being typed in rather than to them.

export const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The modifier the shortcuts read: ⌘ on Apple systems, Ctrl elsewhere (both work everywhere). */
export const MODIFIER_LABEL = IS_MAC ? '⌘' : 'Ctrl';

/** Whether focus is where a key types text: a text field, a text area, an editor. */
export function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement) return !target.readOnly;
  if (target instanceof HTMLInputElement) {
    return (
      !target.readOnly &&
      !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color'].includes(target.type)
    );
  }
  return target instanceof HTMLSelectElement;
}

/** Ctrl+<letter> or ⌘+<letter>, no other modifier, not already taken by the control (an editor's own Ctrl+K). */
export function isModifierShortcut(event: KeyboardEvent, letter: string): boolean {
  if (event.defaultPrevented || event.altKey || event.shiftKey) return false;
  if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== letter) return false;
  // macOS text fields read Ctrl+K as "delete to the end of the line": there only ⌘ is ours.
  return !(IS_MAC && event.ctrlKey && !event.metaKey && isTextEntry(event.target));
}

export interface ShortcutEntry {
  keys: string[];
  description: string;
}

/** What the "?" dialog lists. */
export const SHORTCUTS: ReadonlyArray<{ group: string; entries: ShortcutEntry[] }> = [
  {
    group: 'En toda la aplicación',
    entries: [
      { keys: [MODIFIER_LABEL, 'K'], description: 'Buscar en todas las áreas y abrir acciones' },
      { keys: ['?'], description: 'Mostrar esta lista de atajos (fuera de los campos de texto)' },
    ],
  },
  {
    group: 'En un formulario',
    entries: [{ keys: [MODIFIER_LABEL, 'S'], description: 'Guardar el formulario abierto' }],
  },
  {
    group: 'En la búsqueda',
    entries: [
      { keys: ['↑', '↓'], description: 'Moverse por los resultados' },
      { keys: ['Intro'], description: 'Abrir el resultado elegido' },
      { keys: ['Esc'], description: 'Cerrar la búsqueda' },
    ],
  },
];
