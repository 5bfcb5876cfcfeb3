import { PUBLIC_API_PREFIX } from '@gestor/shared';

// Our start-up script and stylesheet for Swagger UI's reference page (decision 022). Swagger UI as
// shipped fails WCAG 2.2 AA (axe: contrast, nested controls, unnamed selects, small targets); these
// correct it without forking it: a stylesheet served after swagger-ui.css, and names given to its
// controls again after each of its re-renders.

/** Served as docs/init.js: a file of ours, not an inline script, so the CSP's script-src 'self' holds. */
export const INIT_SCRIPT = `(function () {
  'use strict';

  // A <select> Swagger UI renders without a label: the servers list and enum parameters.
  function selectName(select) {
    if (select.id === 'servers') return 'Servidor';
    var row = select.closest('tr[data-param-name]');
    if (row) return 'Valor de ' + row.getAttribute('data-param-name');
    return 'Opción';
  }

  function correct(root) {
    root.querySelectorAll('select:not([aria-label]):not([aria-labelledby])').forEach(function (select) {
      // The servers list has a <label for> with no text in it: named all the same.
      if (select.id === 'servers' || !select.labels || select.labels.length === 0) {
        select.setAttribute('aria-label', selectName(select));
      }
    });
    // Code blocks scroll (max-height): reachable by keyboard so they can be scrolled without a mouse.
    root.querySelectorAll('pre.microlight:not([tabindex])').forEach(function (pre) {
      pre.setAttribute('tabindex', '0');
    });
  }

  window.addEventListener('load', function () {
    var root = document.getElementById('reference');
    window.ui = SwaggerUIBundle({
      url: '${PUBLIC_API_PREFIX}/openapi.json',
      dom_id: '#reference',
      // Deep links put a link inside each operation's expand button (a control inside a control,
      // and a target smaller than 24 px); the page works without them.
      deepLinking: false,
      validatorUrl: null,
      tryItOutEnabled: true,
    });
    // Only attributes are set, so the observer does not wake itself.
    new MutationObserver(function () {
      correct(root);
    }).observe(root, { childList: true, subtree: true });
    correct(root);
  });
})();
`;

// Colours checked against their backgrounds for 4.5:1 (WCAG 1.4.3); targets of at least 24 px
// (2.5.8); a focus ring on every control (2.4.7).
const BLUE = '#1a5aa6';
export const STYLESHEET = `.swagger-ui .info .title small { background: #4a5060; }
.swagger-ui .info .title small.version-stamp { background: #3b6b00; }
.swagger-ui .info .url, .swagger-ui .info a, .swagger-ui .info .link { color: ${BLUE}; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #0b57a4; }
.swagger-ui .opblock.opblock-get .tab-header .tab-item.active h4 span::after { background: #0b57a4; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #1d6b43; }
.swagger-ui .opblock.opblock-post .tab-header .tab-item.active h4 span::after { background: #1d6b43; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #8a4a00; }
.swagger-ui .opblock.opblock-put .tab-header .tab-item.active h4 span::after { background: #8a4a00; }
.swagger-ui .json-schema-2020-12-expand-deep-button { color: #3f3f3f; }
.swagger-ui .btn.cancel { color: #b3261e; border-color: #b3261e; }
.swagger-ui .parameter__in, .swagger-ui .parameter__deprecated, .swagger-ui .prop-format { color: #4d4d4d; }
.swagger-ui .btn.execute { background: ${BLUE}; border-color: ${BLUE}; }
.swagger-ui .download-contents { background: #4a4f5c; }
.swagger-ui .microlight span[style*="211, 99, 99"] { color: #ff9e9e !important; }
.swagger-ui a:focus-visible, .swagger-ui button:focus-visible, .swagger-ui select:focus-visible,
.swagger-ui input:focus-visible, .swagger-ui textarea:focus-visible, .swagger-ui [tabindex]:focus-visible {
  outline: 3px solid ${BLUE};
  outline-offset: 2px;
}
.swagger-ui .opblock-summary-control:focus-visible { outline: 3px solid ${BLUE}; outline-offset: -3px; }
/* A phone: the curl command wraps, and the Links column (no links in this API) is left out, so
   nothing is wider than the screen. */
.swagger-ui .curl-command pre, .swagger-ui .curl-command code { white-space: pre-wrap; word-break: break-all; }
@media (max-width: 600px) {
  .swagger-ui .response-col_links { display: none; }
  .swagger-ui .wrapper { padding: 0 12px; }
}
`;
