// Applies the remembered layout (theme, dark mode) before the first paint, so a dark-mode user never
// sees a flash of the light theme. Keep in step with src/components/layout/layout-settings.ts.
(() => {
  const primaries = ['indigo', 'blue', 'teal', 'purple'];
  let saved = {};
  try {
    saved = JSON.parse(window.localStorage.getItem('gestor.layout') || '{}') || {};
  } catch {
    saved = {};
  }
  const prefersDark = window.matchMedia?.('(prefers-color-scheme: dark)').matches;
  const mode = saved.mode === 'dark' || saved.mode === 'light' ? saved.mode : prefersDark ? 'dark' : 'light';
  const primary = primaries.includes(saved.primary) ? saved.primary : 'indigo';
  const root = document.documentElement;
  root.dataset.mode = mode;
  root.dataset.primary = primary;
  const link = document.getElementById('theme-link');
  const href = `/themes/lara-${mode}-${primary}/theme.css`;
  // Setting href, even to the same address, reloads the sheet as a script-initiated load that no
  // longer blocks rendering: the first paint would come without the theme and then shift (CLS).
  if (link && link.getAttribute('href') !== href) link.setAttribute('href', href);
})();
