import { Classes, Icon, type IconName } from '@blueprintjs/core';
import { useState, type DragEvent, type ReactNode, type RefObject } from 'react';

interface FileDropProps {
  /** The file input's id (a label elsewhere may point at it). */
  inputId: string;
  inputRef: RefObject<HTMLInputElement | null>;
  /** The input's `accept`. */
  accept: string;
  icon: IconName;
  /** The chosen file's name, or what to do. */
  title: ReactNode;
  /** The chosen file's size, or what is accepted. */
  hint: ReactNode;
  /** The choice was refused; `describedBy` names the message that says why. */
  invalid?: boolean;
  describedBy?: string;
  /** Nothing can be chosen meanwhile (an upload under way). */
  busy?: boolean;
  /** The files chosen or dropped. */
  onFiles: (files: readonly File[]) => void;
  testId: string;
  inputTestId: string;
  titleTestId?: string;
}

/** The app's one file chooser: a keyboard-reachable input in a zone files can be dropped on. */
export function FileDrop({ inputId, inputRef, accept, icon, title, hint, invalid, describedBy, busy, onFiles, testId, inputTestId, titleTestId }: FileDropProps) {
  const [dragging, setDragging] = useState(false);
  const drop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) onFiles([...event.dataTransfer.files]);
  };
  const classes = ['file-drop', dragging && 'file-drop--over', invalid && 'file-drop--invalid', busy && 'file-drop--busy'].filter(Boolean).join(' ');
  return (
    <label
      htmlFor={inputId}
      className={classes}
      onDragEnter={(event) => {
        event.preventDefault();
        if (!busy) setDragging(true);
      }}
      onDragOver={(event) => event.preventDefault()}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      data-testid={testId}
    >
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={accept}
        className="visually-hidden"
        disabled={busy}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? describedBy : undefined}
        onChange={(event) => onFiles([...(event.currentTarget.files ?? [])])}
        data-testid={inputTestId}
      />
      <Icon icon={icon} size={32} className="file-drop__icon" />
      <span className="file-drop__title" dir="auto" data-testid={titleTestId}>
        {title}
      </span>
      <span className={Classes.TEXT_MUTED}>{hint}</span>
    </label>
  );
}
