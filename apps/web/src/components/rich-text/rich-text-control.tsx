import {
  Component,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useId,
  useRef,
  useState,
} from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useCan } from '../../lib/permissions';
import { type ControlProps, ReadOnlyContext, useFieldDef } from '../controls/form-controls';
import { MediaPickerDialog } from '../media/media-picker-dialog';
import { describedBy, FieldMessages } from '../ui/form-field';
import { AccessibilityPanel } from './accessibility-panel';
import { pickedImageOf } from './rich-text-image';
import type { PickedImage, RevealFinding } from './rich-text-types';
import './rich-text.css';

// docs/areas.md#rules-shared-by-the-content-areas: news and page bodies. This shell is what a form imports: the label, the
// messages and a placeholder of the editor's size; the TipTap editor itself (rich-text-editor.tsx,
// its own chunk) loads only when a form shows this control, so no other screen pays for it.

const RichTextEditor = lazy(() => import('./rich-text-editor'));

/**
 * A rich text body bound by `name` (an HTML string, '' when empty). Images come from the media
 * library (MediaPickerDialog) for people with `multimedia.view`. Under it, while it is editable, the
 * accessibility check of what is written (AccessibilityPanel). Read-only under the screen's
 * read-only mode or `disabled`: no toolbar, nothing editable, no check.
 */
export function RichTextControl({ name, label: given, hint, disabled }: ControlProps) {
  const fromTable = useFieldDef(name).label;
  const label = given ?? fromTable ?? name;
  const { control } = useFormContext();
  const readOnly = useContext(ReadOnlyContext);
  const id = useId();
  const labelId = `${id}-label`;
  const pickImage = useMediaLibraryImage();
  const editable = !readOnly && !disabled;
  // The editor's «Ir al elemento», once its chunk has loaded.
  const [reveal, setReveal] = useState<RevealFinding | null>(null);
  const revealRef = useCallback((given: RevealFinding | null) => setReveal(() => given), []);

  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        return (
          <div className="form-field rich-text-field">
            {/* Not a <label>: the editable area is no form control; it is aria-labelledby this. */}
            <span id={labelId} className="form-field-label">
              {label}
            </span>
            <EditorLoadError>
              <Suspense fallback={<EditorPlaceholder editable={editable} />}>
                <RichTextEditor
                  value={typeof field.value === 'string' ? field.value : ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  focusRef={field.ref}
                  labelId={labelId}
                  describedBy={describedBy(id, hint, error)}
                  invalid={Boolean(error)}
                  editable={editable}
                  onPickImage={editable ? pickImage.open : undefined}
                  revealRef={editable ? revealRef : undefined}
                />
              </Suspense>
            </EditorLoadError>
            <FieldMessages id={id} hint={hint} error={error} />
            {editable && <AccessibilityPanel name={name} reveal={reveal} />}
            {pickImage.dialog}
          </div>
        );
      }}
    />
  );
}

/** The editor's frame while its code loads, the same height, so the form does not jump. */
function EditorPlaceholder({ editable }: { editable: boolean }) {
  return (
    <div
      className={editable ? 'rich-text-placeholder' : 'rich-text-placeholder rich-text-placeholder-readonly'}
    >
      <output className="rich-text-placeholder-status">
        <i className="pi pi-spin pi-spinner" aria-hidden="true" />
        <span>Cargando el editor…</span>
      </output>
    </div>
  );
}

/** A chunk that fails to load (a new version was deployed, the network dropped) says so here. */
class EditorLoadError extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="rich-text-placeholder" role="alert">
        <span>No se ha podido cargar el editor. Recargue la página para intentarlo de nuevo.</span>
      </div>
    );
  }
}

/** `open()` shows the media library and resolves with the chosen image, or null. */
function useMediaLibraryImage() {
  const can = useCan();
  const mayBrowse = can('multimedia.view');
  const resolver = useRef<((image: PickedImage | null) => void) | null>(null);
  const [visible, setVisible] = useState(false);

  const settle = (image: PickedImage | null) => {
    resolver.current?.(image);
    resolver.current = null;
  };
  const open = useCallback(
    () =>
      new Promise<PickedImage | null>((resolve) => {
        resolver.current = resolve;
        setVisible(true);
      }),
    [],
  );

  return {
    // The caller checks multimedia.view first: a 403 would sign the person out.
    open: mayBrowse ? open : undefined,
    dialog: mayBrowse ? (
      <MediaPickerDialog
        visible={visible}
        kind="image"
        header="Insertar imagen"
        onPick={([record]) => settle(record ? pickedImageOf(record) : null)}
        onHide={() => {
          settle(null);
          setVisible(false);
        }}
      />
    ) : null,
  };
}
