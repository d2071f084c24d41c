import { useSyncExternalStore } from 'react';
import { toastStore, type Toast, type ToastInput } from './toast-store';

export interface ToastApi {
  toast: (input: ToastInput) => number;
  dismiss: (id?: number) => void;
}

const toastApi: ToastApi = { toast: toastStore.show, dismiss: toastStore.dismiss };

/** `const { toast } = useToast(); toast({ variant: 'error', title, description })`. */
export function useToast(): ToastApi {
  return toastApi;
}

/** The toast on screen (or leaving it); used by the Toaster. */
export function useCurrentToast(): Toast | null {
  return useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);
}
