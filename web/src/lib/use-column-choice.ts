import { useState } from 'react';

const storageKey = (userId: string, list: string) => `erp.list-columns.${userId}.${list}`;

function storedHidden<C extends string>(userId: string | undefined, list: string, optional: readonly C[]): C[] {
  if (!userId) return [];
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(storageKey(userId, list)) ?? '[]');
    return Array.isArray(stored) ? optional.filter((column) => stored.includes(column)) : [];
  } catch {
    return [];
  }
}

export interface ColumnChoice<C extends string> {
  /** Whether the table shows this column (a column not in `optional` always is). */
  shown: (column: C) => boolean;
  /** The optional columns with whether each is shown, in the table's order. */
  choices: ReadonlyArray<{ column: C; shown: boolean }>;
  toggle: (column: C) => void;
}

/**
 * The columns a user chose to see in a list's table (CONTRACT §13's "column choice remembered per
 * user"), kept in this browser per user and list; the list's own columns until one is hidden.
 */
export function useColumnChoice<C extends string>(
  userId: string | undefined,
  list: string,
  optional: readonly C[],
): ColumnChoice<C> {
  const [hidden, setHidden] = useState(() => ({ userId, columns: storedHidden(userId, list, optional) }));
  // Another user signed in on this browser: their own choice.
  const current = hidden.userId === userId ? hidden.columns : storedHidden(userId, list, optional);
  if (hidden.userId !== userId) setHidden({ userId, columns: current });

  const toggle = (column: C) => {
    const next = current.includes(column) ? current.filter((name) => name !== column) : [...current, column];
    setHidden({ userId, columns: next });
    if (!userId) return;
    try {
      window.localStorage.setItem(storageKey(userId, list), JSON.stringify(next));
    } catch {
      // Storage full or blocked: the choice lasts until the page is left.
    }
  };
  return {
    shown: (column) => !current.includes(column),
    choices: optional.map((column) => ({ column, shown: !current.includes(column) })),
    toggle,
  };
}
