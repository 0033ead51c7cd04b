import { useState, type DragEvent } from 'react';

/** A drop zone: whether files are dragged over it, and the handlers that hand the dropped files to `onFiles`. */
export function useDropFiles(onFiles: (files: File[]) => void) {
  const [dragging, setDragging] = useState(false);
  return {
    dragging,
    dropHandlers: {
      onDragOver: (event: DragEvent) => {
        event.preventDefault();
        setDragging(true);
      },
      onDragLeave: () => setDragging(false),
      onDrop: (event: DragEvent) => {
        event.preventDefault();
        setDragging(false);
        onFiles([...event.dataTransfer.files]);
      },
    },
  };
}
