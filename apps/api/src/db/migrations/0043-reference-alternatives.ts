// Issue 34 (docs/accessibility.md#images-the-alternative-belongs-to-the-use): an image a record refers
// to (a news item's or an event's cover, a slide's image) has its own text alternative in that use,
// or is marked decorative there; the library's alternative is only what it takes when none is written.
export const name = '0043-reference-alternatives';

const alternative = (table: string, reference: string) => /* sql */ `
ALTER TABLE ${table} ADD COLUMN ${reference}_alt text;
ALTER TABLE ${table} ADD COLUMN ${reference}_decorative boolean NOT NULL DEFAULT false;
`;

export const up = /* sql */ `
${alternative('news', 'cover')}
${alternative('events', 'cover')}
${alternative('slides', 'image')}
`;
