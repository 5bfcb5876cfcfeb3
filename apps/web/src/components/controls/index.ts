// Every form control of the areas' forms (README.md in this folder). Each is bound to react-hook-form
// by name and obeys ReadOnlyContext. A module that needs only form-controls.tsx imports that file
// rather than this index, which may bring the other controls' code and styles into its chunk.

export {
  formatIsoDate,
  MADRID_TIME_ZONE,
  madridToday,
  madridWallClockToUtc,
  parseIsoDate,
  utcToMadridWallClock,
  type WallClock,
} from '@gestor/shared';
export { CheckboxGroupControl, type CheckboxGroupOption } from './checkbox-group-control';
export { type ColorPreset, DEFAULT_COLOR_PRESETS, normalizeHexColor } from './color';
export { ColorControl } from './color-control';
export { DateControl, DateTimeControl, MADRID_TIME_HINT } from './date-controls';
export { FieldArrayControl, type FieldArrayItem, type ItemNoun } from './field-array-control';
export {
  BoundField,
  CheckboxControl,
  type ControlProps,
  FormSection,
  invalidClass,
  MultiSelectControl,
  ReadOnlyContext,
  TextControl,
} from './form-controls';
export { FormGrid, FormGridFullWidth } from './form-grid';
export { NumberControl } from './number-control';
export { SelectControl, type SelectOption, type SelectValue } from './select-control';
export { SlugControl } from './slug-control';
export { type TagOption, TagsControl } from './tags-control';
export { TextareaControl } from './textarea-control';
