// The values of the slide form as react-hook-form holds them: what the declaration's `fromRecord`
// makes of a record and `toBody` sends. In a file of their own so that the area's components use
// them without importing its declaration (slides-screens.tsx), which imports those components: a
// cycle `npm run lint` refuses.

export interface SlideFormValues {
  title: string;
  subtitle: string;
  /** A media item's id; null until one is picked (the schema then asks for one). */
  image: number | null;
  link_url: string;
  link_label: string;
  active: boolean;
  /** ISO instants or null: the window in which the slide shows. */
  starts_at: string | null;
  ends_at: string | null;
}
