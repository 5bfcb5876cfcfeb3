import { useSyncExternalStore } from 'react';

// The configurator's choices, remembered in localStorage 'gestor.layout' (docs/ui-contract.md).
// public/layout-init.js reads the same key before the first paint: keep the two in step.

export const LAYOUT_STORAGE_KEY = 'gestor.layout';

export const THEME_MODES = [
  { value: 'light', label: 'Claro', icon: 'pi pi-sun' },
  { value: 'dark', label: 'Oscuro', icon: 'pi pi-moon' },
] as const;
export const PRIMARY_COLOURS = [
  { value: 'indigo', label: 'Índigo' },
  { value: 'blue', label: 'Azul' },
  { value: 'teal', label: 'Verde azulado' },
  { value: 'purple', label: 'Púrpura' },
] as const;
export const MENU_MODES = [
  { value: 'static', label: 'Estático' },
  { value: 'overlay', label: 'Superpuesto' },
] as const;

export type ThemeMode = (typeof THEME_MODES)[number]['value'];
export type PrimaryColour = (typeof PRIMARY_COLOURS)[number]['value'];
export type MenuMode = (typeof MENU_MODES)[number]['value'];

export interface LayoutSettings {
  mode: ThemeMode;
  primary: PrimaryColour;
  menu: MenuMode;
}

function oneOf<T extends string>(options: readonly { value: T }[], value: unknown, fallback: T): T {
  return options.some((option) => option.value === value) ? (value as T) : fallback;
}

function readSettings(): LayoutSettings {
  let saved: Record<string, unknown> = {};
  try {
    saved = JSON.parse(window.localStorage.getItem(LAYOUT_STORAGE_KEY) ?? '{}') ?? {};
  } catch {
    saved = {};
  }
  // layout-init.js has already resolved the mode (it follows the system when nothing is saved).
  const initialMode = document.documentElement.dataset.mode;
  return {
    mode: oneOf(THEME_MODES, saved.mode, oneOf(THEME_MODES, initialMode, 'light')),
    primary: oneOf(PRIMARY_COLOURS, saved.primary, 'indigo'),
    menu: oneOf(MENU_MODES, saved.menu, 'static'),
  };
}

export function themeHref({ mode, primary }: Pick<LayoutSettings, 'mode' | 'primary'>): string {
  return `/themes/lara-${mode}-${primary}/theme.css`;
}

let themeRequest = 0;

/**
 * Loads the new theme beside the old one and drops the old one once the new has loaded, so the
 * page never shows unstyled. The <html> data attributes (used by our own CSS) follow at that moment.
 */
function applyTheme(settings: LayoutSettings) {
  const root = document.documentElement;
  const setAttributes = () => {
    root.dataset.mode = settings.mode;
    root.dataset.primary = settings.primary;
  };
  const current = document.getElementById('theme-link');
  const href = themeHref(settings);
  if (!(current instanceof HTMLLinkElement) || current.getAttribute('href') === href) {
    setAttributes();
    return;
  }
  const request = ++themeRequest;
  const next = document.createElement('link');
  next.rel = 'stylesheet';
  next.href = href;
  next.addEventListener(
    'load',
    () => {
      if (request !== themeRequest) {
        next.remove(); // a later choice superseded this one
        return;
      }
      document.getElementById('theme-link')?.remove();
      next.id = 'theme-link';
      setAttributes();
    },
    { once: true },
  );
  next.addEventListener('error', () => next.remove(), { once: true });
  current.after(next);
}

let settings: LayoutSettings | null = null;
const listeners = new Set<() => void>();

export function getLayoutSettings(): LayoutSettings {
  settings ??= readSettings();
  return settings;
}

export function updateLayoutSettings(change: Partial<LayoutSettings>) {
  const next = { ...getLayoutSettings(), ...change };
  settings = next;
  try {
    window.localStorage.setItem(LAYOUT_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Private browsing or a full quota: the choice still applies to this page.
  }
  applyTheme(next);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLayoutSettings(): LayoutSettings {
  return useSyncExternalStore(subscribe, getLayoutSettings, getLayoutSettings);
}
