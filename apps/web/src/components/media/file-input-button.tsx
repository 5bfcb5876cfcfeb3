import { ACCEPTED_MEDIA, type MediaKind } from '@gestor/shared';
import { Button, type ButtonProps } from 'primereact/button';
import { useRef } from 'react';

/**
 * The file chooser's hint: the accepted types and their extensions. Only a hint — the server reads
 * the type from the bytes and refuses the rest (docs/areas.md#multimedia).
 */
export function acceptHint(kind?: MediaKind): string {
  const accepted = ACCEPTED_MEDIA.filter((media) => !kind || media.kind === kind);
  const extensions = accepted.flatMap((media) =>
    media.extension === 'jpg' ? ['.jpg', '.jpeg'] : [`.${media.extension}`],
  );
  return [...accepted.map((media) => media.mime), ...extensions].join(',');
}

interface FileInputButtonProps extends Omit<ButtonProps, 'onClick' | 'type'> {
  onFiles: (files: File[]) => void;
  multiple?: boolean;
  /** Limits the chooser's suggestions to one kind of file. */
  kind?: MediaKind;
}

/** A button that opens the browser's file chooser (a hidden `<input type="file">`). */
export function FileInputButton({ onFiles, multiple = false, kind, ...button }: FileInputButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button type="button" {...button} onClick={() => input.current?.click()} />
      <input
        ref={input}
        type="file"
        hidden
        multiple={multiple}
        accept={acceptHint(kind)}
        // The chooser is reached through the button; the input itself is never shown.
        tabIndex={-1}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // The same file may be chosen again (after a failure, say).
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </>
  );
}
