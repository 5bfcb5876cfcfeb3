// Issue 34 (docs/accessibility.md#documentos): what a PDF or office document of the library lacks for
// UNE-EN 301 549's chapter 10 (tags, title, language, text rather than a scan) and the day it says it
// was created, read once from its bytes when it is uploaded or replaced. Null for every other type,
// and for documents uploaded before this check existed (`npm run artisan -- media:check-documents`
// reads those).
export const name = '0042-document-checks';

export const up = /* sql */ `
ALTER TABLE multimedia ADD COLUMN document_check jsonb;
`;
