import './media.css';
import { type DragEvent, type ReactNode, useEffect, useRef, useState } from 'react';

// Dropping files: anywhere on the multimedia screen (an overlay says where they go), or on a drop
// area inside a dialog. Keyboard users have the "Subir" buttons, which do the same.

const carriesFiles = (event: { dataTransfer: DataTransfer | null }) =>
  Boolean(event.dataTransfer?.types.includes('Files'));

/** Files dragged over the window: `dragging` while they hover, `onFiles` when dropped. */
export function useWindowFileDrop(onFiles: (files: File[]) => void, enabled: boolean): boolean {
  const [dragging, setDragging] = useState(false);
  const onFilesRef = useRef(onFiles);
  onFilesRef.current = onFiles;

  useEffect(() => {
    if (!enabled) {
      setDragging(false);
      return;
    }
    // dragenter/dragleave fire for every element crossed: count them to know when the files left.
    let depth = 0;
    const enter = (event: globalThis.DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth++;
      setDragging(true);
    };
    const over = (event: globalThis.DragEvent) => {
      if (!carriesFiles(event)) return;
      // Without this the browser opens the file instead of letting it be dropped.
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const leave = (event: globalThis.DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const drop = (event: globalThis.DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth = 0;
      setDragging(false);
      const files = Array.from(event.dataTransfer?.files ?? []);
      if (files.length) onFilesRef.current(files);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, [enabled]);

  return dragging;
}

/** What the window shows while files hover over it. */
export function FileDropOverlay({ visible, label }: { visible: boolean; label: string }) {
  if (!visible) return null;
  return (
    <div className="file-drop-overlay" aria-hidden="true">
      <div className="file-drop-overlay-box">
        <i className="pi pi-cloud-upload" />
        <span>{label}</span>
      </div>
    </div>
  );
}

/** A dashed area that takes dropped files (inside a dialog, where the window's overlay is not). */
export function FileDropArea({
  onFiles,
  disabled,
  children,
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  const [over, setOver] = useState(false);
  const handlers = disabled
    ? {}
    : {
        onDragOver: (event: DragEvent) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          setOver(true);
        },
        onDragLeave: () => setOver(false),
        onDrop: (event: DragEvent) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          setOver(false);
          const files = Array.from(event.dataTransfer.files);
          if (files.length) onFiles(files);
        },
      };
  return (
    <div className={over ? 'file-drop-area file-drop-area-over' : 'file-drop-area'} {...handlers}>
      {children}
    </div>
  );
}
