// Issue 34, the «Accesibilidad» screen (docs/accessibility.md#la-pantalla-accesibilidad):
// `accessibility.view` reads the open findings of every published body and the overrides with their
// reasons. The administrator role gains it (it always holds every one). The overrides are the history
// entries whose changes carry an `accessibility_reason`: a partial index finds the latest of each
// record without reading the rest of an area's history.
export const name = '0041-accessibility-report';

export const up = /* sql */ `
INSERT INTO role_permissions (role_id, permission)
SELECT id, 'accessibility.view' FROM roles WHERE name = 'admin'
ON CONFLICT DO NOTHING;

CREATE INDEX audits_accessibility_reason ON audits (resource, record_id, id DESC)
  WHERE changes ? 'accessibility_reason';
`;
