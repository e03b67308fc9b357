import { useCallback, useState } from 'react';

/** A set of ids (the rows of a table that are open…) and the toggle that adds an id or takes it out. */
export function useToggleSet(): [ReadonlySet<string>, (id: string) => void] {
  const [set, setSet] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback(
    (id: string) =>
      setSet((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  return [set, toggle];
}
