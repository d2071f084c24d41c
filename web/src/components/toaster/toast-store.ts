export type ToastVariant = 'default' | 'success' | 'error';

/**
 * A link under the toast's text ("View order"). The Toaster is outside the router: `onFollow`
 * lets the caller navigate within the app (a plain click) instead of loading the page again.
 */
export interface ToastAction {
  label: string;
  href: string;
  onFollow?: () => void;
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: ToastAction;
}

export interface Toast extends Required<Pick<ToastInput, 'title' | 'variant'>> {
  id: number;
  description?: string;
  action?: ToastAction;
  open: boolean;
}

/** SPEC §9: one toast at a time, shown for 5 s. */
export const TOAST_DURATION_MS = 5000;

type Listener = () => void;

let current: Toast | null = null;
let nextId = 1;
const listeners = new Set<Listener>();

function publish(toast: Toast | null): void {
  current = toast;
  for (const listener of listeners) listener();
}

/**
 * A module-level store, so any code (components, hooks, thunks) can raise a toast.
 * A new toast replaces the visible one (limit 1).
 */
export const toastStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot(): Toast | null {
    return current;
  },
  show(input: ToastInput): number {
    const id = nextId++;
    publish({
      id,
      title: input.title,
      description: input.description,
      action: input.action,
      variant: input.variant ?? 'default',
      open: true,
    });
    return id;
  },
  /** Starts the exit transition of the toast (all toasts when no id is given). */
  dismiss(id?: number): void {
    if (current && current.open && (id === undefined || current.id === id)) publish({ ...current, open: false });
  },
  /** Drops the toast once its exit transition is over. */
  remove(id: number): void {
    if (current && current.id === id) publish(null);
  },
  reset(): void {
    publish(null);
  },
};
