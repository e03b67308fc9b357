import { useEffect, useRef } from 'react';

interface SaveRunKeys {
  save: () => Promise<unknown>;
  runNow: () => void;
  canSave: boolean;
  canRun: boolean;
  /** A dialog is open: the keys are its own. */
  dialogOpen: boolean;
}

/** Ctrl/Cmd+S saves, Ctrl/Cmd+Enter runs, wherever the focus is on the page. */
export function useSaveRunKeys(keys: SaveRunKeys) {
  const latest = useRef(keys);
  latest.current = keys;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const current = latest.current;
      if (event.key === 's' || event.key === 'S') {
        event.preventDefault();
        event.stopPropagation();
        if (current.canSave && !current.dialogOpen) void current.save();
      } else if (event.key === 'Enter' && current.canRun && !current.dialogOpen) {
        event.preventDefault();
        event.stopPropagation();
        current.runNow();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}
