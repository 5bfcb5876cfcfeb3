import { getMarkRange } from '@tiptap/core';
import { Image as ImageNode } from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { EditorState } from '@tiptap/pm/state';
import { createDocument, type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { findingSelector } from './accessibility-check';
import { AltTextDialog, type ImageAlternative, LinkDialog, type LinkValues } from './rich-text-dialogs';
import { isAllowedLinkHref } from './rich-text-link';
import { cleanPastedHtml } from './rich-text-paste';
import { rovingTarget } from './rich-text-roving';
import type { RevealFinding, RichTextEditorProps } from './rich-text-types';

// The TipTap editor behind RichTextControl, loaded only when a form shows one (the only module that
// imports @tiptap/*, so Vite puts TipTap in this chunk). It produces a subset of docs/areas.md's
// allowlist; the API sanitizes whatever arrives anyway (apps/api/src/lib/rich-text.ts).

/**
 * TipTap's image, keeping which library item it shows (`data-media-id`): the API stores a body's
 * library images by id and gives them their files' current addresses when read (docs/areas.md#rules-shared-by-the-content-areas).
 * And whether it is decorative in this use (`data-decorative="true"` with `alt=""`, docs/accessibility.md).
 */
const LibraryImage = ImageNode.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      mediaId: {
        default: null,
        parseHTML: (element: HTMLElement) => element.getAttribute('data-media-id'),
        renderHTML: (attributes: { mediaId?: string | null }) =>
          attributes.mediaId ? { 'data-media-id': attributes.mediaId } : {},
      },
      decorative: {
        default: false,
        parseHTML: (element: HTMLElement) => element.getAttribute('data-decorative') === 'true',
        renderHTML: (attributes: { decorative?: boolean }) =>
          attributes.decorative ? { 'data-decorative': 'true' } : {},
      },
    };
  },
});

const IS_MAC =
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
const MOD = IS_MAC ? '⌘' : 'Ctrl';
const SHIFT = IS_MAC ? '⇧' : 'Mayús';

/** A shortcut as people read it ("Ctrl+Mayús+8") and as aria-keyshortcuts says it ("Control+Shift+8"). */
function shortcut(key: string, { shift = false } = {}) {
  return {
    shortcut: [MOD, shift && SHIFT, key].filter(Boolean).join('+'),
    keys: [IS_MAC ? 'Meta' : 'Control', shift && 'Shift', key].filter(Boolean).join('+'),
  };
}

/**
 * The accessibility panel's «Ir al elemento»: the n-th element of its kind in the editable area (as
 * checkAccessibility counts them in the HTML) gets the focus and the selection, and is scrolled to
 * the middle of the screen, clear of the sticky toolbar. A link's text is selected, so typing
 * replaces it and keeps the link; an image is selected whole (its «Texto alternativo» button shows);
 * a table puts the caret in its first cell; a paragraph or a heading at its start.
 */
function revealFinding(editor: Editor, at: Parameters<RevealFinding>[0]) {
  const selector = findingSelector(at.tag);
  const { view } = editor;
  const element = selector ? view.dom.querySelectorAll<HTMLElement>(selector)[at.index] : undefined;
  if (!element) {
    editor.commands.focus();
    return;
  }
  const chain = editor.chain();
  if (at.tag === 'img') {
    const position = view.posAtDOM(element, 0);
    // Before the image, or inside it, depending on how ProseMirror drew it.
    const before =
      editor.state.doc.nodeAt(position)?.type.name === LibraryImage.name ? position : position - 1;
    chain.setNodeSelection(before);
  } else if (at.tag === 'a') {
    chain.setTextSelection({
      from: view.posAtDOM(element, 0),
      to: view.posAtDOM(element, element.childNodes.length),
    });
  } else {
    const start = at.tag === 'table' ? (element.querySelector('th, td') ?? element) : element;
    chain.setTextSelection(view.posAtDOM(start.querySelector('p') ?? start, 0));
  }
  chain.focus(null, { scrollIntoView: false }).run();
  // After TipTap's focus, which waits for the next frame too.
  requestAnimationFrame(() => element.scrollIntoView({ block: 'center' }));
}

interface ToolbarButton {
  id: string;
  /** The button's name, in Spanish. */
  label: string;
  /** What it shows: an icon or a short glyph, hidden from screen readers (the name says it). */
  glyph: ReactNode;
  shortcut?: { shortcut: string; keys: string };
  /** A toggle's state (aria-pressed); undefined for plain actions. */
  pressed?: boolean;
  disabled?: boolean;
  run: () => void;
  /** Shows its name as text instead of a glyph (table actions). */
  text?: boolean;
}

interface ToolbarGroup {
  label: string;
  buttons: ToolbarButton[];
}

const icon = (name: string) => <span className={`pi ${name}`} />;

/** The toolbar's view of the editor: only these values re-render it. */
function useToolbarState(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      paragraph: e.isActive('paragraph'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      h4: e.isActive('heading', { level: 4 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      code: e.isActive('code'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      canSink: e.can().sinkListItem('listItem'),
      canLift: e.can().liftListItem('listItem'),
      blockquote: e.isActive('blockquote'),
      codeBlock: e.isActive('codeBlock'),
      link: e.isActive('link'),
      image: e.isActive('image'),
      table: e.isActive('table'),
      canAddRow: e.can().addRowAfter(),
      canDeleteRow: e.can().deleteRow(),
      canAddColumn: e.can().addColumnAfter(),
      canDeleteColumn: e.can().deleteColumn(),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
}

interface EditorActions {
  openLink: () => void;
  focusToolbar: () => void;
}

const describedByAttribute = (ids: Array<string | false | undefined>): Record<string, string> => {
  const value = ids.filter(Boolean).join(' ');
  return value ? { 'aria-describedby': value } : {};
};

type OpenDialog =
  | { kind: 'link'; href: string; newTab: boolean; editing: boolean; askText: boolean; text: string }
  | { kind: 'alt'; alternative: ImageAlternative }
  | null;

export default function RichTextEditor({
  value,
  onChange,
  onBlur,
  focusRef,
  labelId,
  describedBy,
  invalid,
  editable,
  onPickImage,
  revealRef,
}: RichTextEditorProps) {
  const instructionsId = useId();
  const editorId = useId();
  // The last HTML this editor reported or was given: a different `value` comes from outside
  // (the record loaded, the form reset) and replaces the content.
  const lastValue = useRef(value);
  // Keyboard handlers live in editorProps, made once; they call the current React callbacks.
  const actions = useRef<EditorActions>({ openLink: () => {}, focusToolbar: () => {} });

  const extensions = useMemo(
    () => [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: {
          openOnClick: false,
          autolink: true,
          linkOnPaste: true,
          defaultProtocol: 'https',
          // No target or rel by default: "Abrir en una pestaña nueva" sets both, per link.
          HTMLAttributes: { target: null, rel: null, class: null },
          isAllowedUri: (url) => isAllowedLinkHref(url),
        },
      }),
      LibraryImage.configure({ inline: false, allowBase64: false }),
      TableKit.configure({ table: { resizable: false } }),
    ],
    [],
  );

  const editorProps = useMemo(
    () => ({
      attributes: {
        id: editorId,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...describedByAttribute([describedBy, editable && instructionsId]),
        'aria-invalid': invalid ? 'true' : 'false',
        ...(editable ? {} : { 'aria-readonly': 'true' }),
        class: invalid ? 'rich-text-content rich-text-content-invalid' : 'rich-text-content',
      },
      transformPastedHTML: cleanPastedHtml,
      handleDOMEvents: {
        keydown: (_view: unknown, event: globalThis.KeyboardEvent) => {
          const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
          // WCAG 2.1.2: Tab and Shift+Tab leave the editor (lists and tables would keep them);
          // returning true skips ProseMirror's keymaps and leaves the browser's focus move alone.
          if (event.key === 'Tab' && plain) return true;
          if (event.key === 'F10' && event.altKey) {
            event.preventDefault();
            actions.current.focusToolbar();
            return true;
          }
          if (
            (IS_MAC ? event.metaKey : event.ctrlKey) &&
            !event.altKey &&
            !event.shiftKey &&
            event.key.toLowerCase() === 'k'
          ) {
            event.preventDefault();
            actions.current.openLink();
            return true;
          }
          return false;
        },
      },
    }),
    [editorId, labelId, describedBy, invalid, editable, instructionsId],
  );

  // The initial HTML only: later values arrive through setContent below.
  const [initialContent] = useState(value);
  const editor = useEditor({
    extensions,
    content: initialContent,
    editable,
    editorProps,
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? '' : current.getHTML();
      lastValue.current = html;
      onChange(html);
    },
    onBlur: () => onBlur(),
  });

  useEffect(() => {
    if (value === lastValue.current) return;
    lastValue.current = value;
    // The saved record comes back sanitized (same content, other markup): caret and history stay.
    if (createDocument(value, editor.schema).eq(editor.state.doc)) return;
    editor.commands.setContent(value, { emitUpdate: false });
    // Another record (or the saved one) starts a new history: Deshacer must not bring the old back.
    const { doc, plugins, selection } = editor.state;
    editor.view.updateState(EditorState.create({ doc, plugins, selection }));
  }, [editor, value]);

  useEffect(() => {
    if (editor.isEditable !== editable) editor.setEditable(editable, false);
  }, [editor, editable]);

  useEffect(() => {
    focusRef({ focus: () => editor.commands.focus() });
  }, [editor, focusRef]);

  useEffect(() => {
    if (!revealRef) return;
    revealRef((at) => revealFinding(editor, at));
    return () => revealRef(null);
  }, [editor, revealRef]);

  return (
    <div className={editable ? 'rich-text' : 'rich-text rich-text-readonly'}>
      {editable && (
        <Toolbar editor={editor} editorId={editorId} actions={actions} onPickImage={onPickImage} />
      )}
      <EditorContent editor={editor} className="rich-text-area" />
      {editable && (
        <span id={instructionsId} className="sr-only">
          Alt+F10 o Mayús+Tab llevan a la barra de formato.
        </span>
      )}
    </div>
  );
}

function Toolbar({
  editor,
  editorId,
  actions,
  onPickImage,
}: {
  editor: Editor;
  editorId: string;
  actions: RefObject<EditorActions>;
  onPickImage: RichTextEditorProps['onPickImage'];
}) {
  const state = useToolbarState(editor);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [active, setActive] = useState(0);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  const chain = () => editor.chain().focus();
  // After a dialog or the media library, the caret goes back where it was.
  const refocus = () => requestAnimationFrame(() => editor.commands.focus());

  const openLink = () => {
    const attributes = editor.getAttributes('link') as { href?: string; target?: string };
    const editing = editor.isActive('link');
    const { selection, doc, schema } = editor.state;
    // A link being edited offers its words too: the whole link's, wherever the caret is in it.
    const range = editing ? getMarkRange(selection.$from, schema.marks.link!) : undefined;
    setDialog({
      kind: 'link',
      href: attributes.href ?? '',
      newTab: attributes.target === '_blank',
      editing,
      askText: (selection.empty && !editing) || range !== undefined,
      text: range ? doc.textBetween(range.from, range.to) : '',
    });
  };
  useEffect(() => {
    actions.current = {
      openLink,
      focusToolbar: () => (buttons.current[active] ?? buttons.current.find(Boolean))?.focus(),
    };
  });

  const applyLink = ({ href, newTab, text }: LinkValues) => {
    const attributes = { href, target: newTab ? '_blank' : null, rel: newTab ? 'noopener noreferrer' : null };
    const editing = dialog?.kind === 'link' && dialog.editing;
    if (editing && text !== undefined && text !== dialog.text.trim()) {
      // New words for the link (typing over them would end the link at the first space).
      chain()
        .extendMarkRange('link')
        .insertContent({ type: 'text', text, marks: [{ type: 'link', attrs: attributes }] })
        .unsetMark('link')
        .run();
    } else if (text !== undefined && !editing) {
      chain()
        .insertContent({ type: 'text', text, marks: [{ type: 'link', attrs: attributes }] })
        // Typing on after the new link does not lengthen it.
        .unsetMark('link')
        .run();
    } else {
      chain().extendMarkRange('link').setLink(attributes).run();
    }
    setDialog(null);
    refocus();
  };

  const insertImage = async () => {
    if (!onPickImage) return;
    const picked = await onPickImage();
    if (picked) {
      editor
        .chain()
        .insertContent({
          type: LibraryImage.name,
          attrs: {
            mediaId: String(picked.id),
            src: picked.url,
            alt: picked.alt,
            width: picked.width ?? undefined,
            height: picked.height ?? undefined,
          },
        })
        .run();
    }
    refocus();
  };

  const groups: ToolbarGroup[] = [
    {
      label: 'Estilo de párrafo',
      buttons: [
        {
          id: 'p',
          label: 'Párrafo',
          glyph: '¶',
          pressed: state.paragraph,
          run: () => chain().setParagraph().run(),
        },
        {
          id: 'h2',
          label: 'Título de nivel 2',
          glyph: 'T2',
          pressed: state.h2,
          run: () => chain().toggleHeading({ level: 2 }).run(),
        },
        {
          id: 'h3',
          label: 'Título de nivel 3',
          glyph: 'T3',
          pressed: state.h3,
          run: () => chain().toggleHeading({ level: 3 }).run(),
        },
        {
          id: 'h4',
          label: 'Título de nivel 4',
          glyph: 'T4',
          pressed: state.h4,
          run: () => chain().toggleHeading({ level: 4 }).run(),
        },
      ],
    },
    {
      label: 'Formato del texto',
      buttons: [
        {
          id: 'bold',
          label: 'Negrita',
          glyph: <strong>N</strong>,
          shortcut: shortcut('B'),
          pressed: state.bold,
          run: () => chain().toggleBold().run(),
        },
        {
          id: 'italic',
          label: 'Cursiva',
          glyph: <em>K</em>,
          shortcut: shortcut('I'),
          pressed: state.italic,
          run: () => chain().toggleItalic().run(),
        },
        {
          id: 'underline',
          label: 'Subrayado',
          glyph: <u>S</u>,
          shortcut: shortcut('U'),
          pressed: state.underline,
          run: () => chain().toggleUnderline().run(),
        },
        {
          id: 'strike',
          label: 'Tachado',
          glyph: <s>abc</s>,
          shortcut: shortcut('S', { shift: true }),
          pressed: state.strike,
          run: () => chain().toggleStrike().run(),
        },
        {
          id: 'code',
          label: 'Código',
          glyph: icon('pi-code'),
          shortcut: shortcut('E'),
          pressed: state.code,
          run: () => chain().toggleCode().run(),
        },
      ],
    },
    {
      label: 'Listas',
      buttons: [
        {
          id: 'bullet',
          label: 'Lista con viñetas',
          glyph: icon('pi-list'),
          shortcut: shortcut('8', { shift: true }),
          pressed: state.bulletList,
          run: () => chain().toggleBulletList().run(),
        },
        {
          id: 'ordered',
          label: 'Lista numerada',
          glyph: '1.',
          shortcut: shortcut('7', { shift: true }),
          pressed: state.orderedList,
          run: () => chain().toggleOrderedList().run(),
        },
        {
          id: 'sink',
          label: 'Aumentar sangría del elemento de la lista',
          glyph: icon('pi-angle-double-right'),
          disabled: !state.canSink,
          run: () => chain().sinkListItem('listItem').run(),
        },
        {
          id: 'lift',
          label: 'Reducir sangría del elemento de la lista',
          glyph: icon('pi-angle-double-left'),
          disabled: !state.canLift,
          run: () => chain().liftListItem('listItem').run(),
        },
      ],
    },
    {
      label: 'Bloques',
      buttons: [
        {
          id: 'quote',
          label: 'Cita',
          glyph: '“”',
          shortcut: shortcut('B', { shift: true }),
          pressed: state.blockquote,
          run: () => chain().toggleBlockquote().run(),
        },
        {
          id: 'codeblock',
          label: 'Bloque de código',
          glyph: '{ }',
          pressed: state.codeBlock,
          run: () => chain().toggleCodeBlock().run(),
        },
        {
          id: 'hr',
          label: 'Línea horizontal',
          glyph: icon('pi-minus'),
          run: () => chain().setHorizontalRule().run(),
        },
      ],
    },
    {
      label: 'Insertar',
      buttons: [
        {
          id: 'link',
          label: state.link ? 'Editar enlace' : 'Enlace',
          glyph: icon('pi-link'),
          shortcut: shortcut('K'),
          run: openLink,
        },
        ...(onPickImage
          ? [
              {
                id: 'image',
                label: 'Imagen de la biblioteca',
                glyph: icon('pi-image'),
                run: () => void insertImage(),
              },
            ]
          : []),
        ...(state.image
          ? [
              {
                id: 'alt',
                label: 'Texto alternativo',
                glyph: 'Texto alternativo',
                text: true,
                run: () => {
                  const image = editor.getAttributes('image') as {
                    alt?: string | null;
                    decorative?: boolean;
                  };
                  setDialog({
                    kind: 'alt',
                    alternative: { alt: image.alt ?? '', decorative: Boolean(image.decorative) },
                  });
                },
              },
            ]
          : []),
        {
          id: 'table',
          label: 'Insertar tabla de 3 × 3 con fila de encabezado',
          glyph: icon('pi-table'),
          disabled: state.table,
          run: () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
        },
      ],
    },
    ...(state.table
      ? [
          {
            label: 'Tabla',
            buttons: [
              {
                id: 'row-add',
                label: 'Añadir fila',
                glyph: 'Añadir fila',
                text: true,
                disabled: !state.canAddRow,
                run: () => chain().addRowAfter().run(),
              },
              {
                id: 'row-delete',
                label: 'Quitar fila',
                glyph: 'Quitar fila',
                text: true,
                disabled: !state.canDeleteRow,
                run: () => chain().deleteRow().run(),
              },
              {
                id: 'column-add',
                label: 'Añadir columna',
                glyph: 'Añadir columna',
                text: true,
                disabled: !state.canAddColumn,
                run: () => chain().addColumnAfter().run(),
              },
              {
                id: 'column-delete',
                label: 'Quitar columna',
                glyph: 'Quitar columna',
                text: true,
                disabled: !state.canDeleteColumn,
                run: () => chain().deleteColumn().run(),
              },
              {
                id: 'table-delete',
                label: 'Eliminar tabla',
                glyph: 'Eliminar tabla',
                text: true,
                run: () => chain().deleteTable().run(),
              },
            ],
          },
        ]
      : []),
    {
      label: 'Historial',
      buttons: [
        {
          id: 'undo',
          label: 'Deshacer',
          glyph: icon('pi-undo'),
          shortcut: shortcut('Z'),
          disabled: !state.canUndo,
          run: () => chain().undo().run(),
        },
        {
          id: 'redo',
          label: 'Rehacer',
          glyph: icon('pi-refresh'),
          shortcut: IS_MAC ? shortcut('Z', { shift: true }) : shortcut('Y'),
          disabled: !state.canRedo,
          run: () => chain().redo().run(),
        },
      ],
    },
  ];

  const count = groups.reduce((total, group) => total + group.buttons.length, 0);
  // The contextual buttons (table, alt) come and go: the one in the Tab order stays in range.
  const current = Math.min(active, count - 1);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      editor.commands.focus();
      return;
    }
    const target = rovingTarget(event.key, current, count);
    if (target === null) return;
    event.preventDefault();
    setActive(target);
    buttons.current[target]?.focus();
  };

  let index = 0;
  return (
    <>
      <div
        role="toolbar"
        aria-label="Formato"
        aria-controls={editorId}
        className="rich-text-toolbar"
        onKeyDown={onKeyDown}
      >
        {groups.map((group) => (
          // biome-ignore lint/a11y/useSemanticElements: a toolbar's groups are role="group", not fieldsets.
          <div key={group.label} role="group" aria-label={group.label} className="rich-text-toolbar-group">
            {group.buttons.map((button) => {
              const position = index++;
              return (
                <button
                  key={button.id}
                  ref={(element) => {
                    buttons.current[position] = element;
                  }}
                  type="button"
                  className={button.text ? 'rich-text-button rich-text-button-text' : 'rich-text-button'}
                  aria-label={button.label}
                  title={button.shortcut ? `${button.label} (${button.shortcut.shortcut})` : button.label}
                  aria-keyshortcuts={button.shortcut?.keys}
                  aria-pressed={button.pressed}
                  // Disabled buttons stay focusable, so arrow keys still find them (APG "Toolbar").
                  aria-disabled={button.disabled || undefined}
                  tabIndex={position === current ? 0 : -1}
                  onFocus={() => setActive(position)}
                  // Keeps the editor's selection while clicking with the mouse.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => {
                    if (!button.disabled) button.run();
                  }}
                >
                  <span aria-hidden="true" className="rich-text-glyph">
                    {button.glyph}
                  </span>
                </button>
              );
            })}
          </div>
        ))}
      </div>
      {dialog?.kind === 'link' && (
        <LinkDialog
          initial={{ href: dialog.href, newTab: dialog.newTab, text: dialog.text }}
          askText={dialog.askText}
          onApply={applyLink}
          onRemove={
            dialog.editing
              ? () => {
                  chain().extendMarkRange('link').unsetLink().run();
                  setDialog(null);
                  refocus();
                }
              : undefined
          }
          onHide={() => {
            setDialog(null);
            refocus();
          }}
        />
      )}
      {dialog?.kind === 'alt' && (
        <AltTextDialog
          initial={dialog.alternative}
          onApply={(alternative) => {
            chain().updateAttributes('image', alternative).run();
            setDialog(null);
            refocus();
          }}
          onHide={() => {
            setDialog(null);
            refocus();
          }}
        />
      )}
    </>
  );
}
