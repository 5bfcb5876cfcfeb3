// The form controls the content areas are made of (README.md in this folder), next to the ones in
// ../form-controls.tsx. Each is bound to react-hook-form by name and obeys ReadOnlyContext.
export { type ColorPreset, DEFAULT_COLOR_PRESETS, normalizeHexColor } from './color';
export { ColorControl } from './color-control';
export { DateControl, DateTimeControl, MADRID_TIME_HINT } from './date-controls';
export { FieldArrayControl, type FieldArrayItem, type ItemNoun } from './field-array-control';
export { FormGrid, FormGridFullWidth } from './form-grid';
export {
  formatIsoDate,
  MADRID_TIME_ZONE,
  madridToday,
  madridWallClockToUtc,
  parseIsoDate,
  utcToMadridWallClock,
  type WallClock,
} from './madrid-time';
export { NumberControl } from './number-control';
export { SelectControl, type SelectOption, type SelectValue } from './select-control';
export { SlugControl } from './slug-control';
export { type TagOption, TagsControl } from './tags-control';
export { TextareaControl } from './textarea-control';
