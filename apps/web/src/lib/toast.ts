import { useSyncExternalStore } from 'react';

/** docs/requirements.md 10.1: the toast list's limits. */
export const TOAST_LIMIT = 5;
export const TOAST_REMOVE_DELAY_MS = 200;
export const TOAST_DURATION_MS = 5000;

export type ToastColor = 'success' | 'error' | 'info';

/** docs/requirements.md 4.2: id, open flag, title, description, color. */
export interface Toast {
  id: string;
  open: boolean;
  title: string;
  description?: string | undefined;
  color: ToastColor;
  /** An optional button, such as "Reload" when a new version is out. */
  action?: { label: string; onClick: () => void } | undefined;
}

let toasts: Toast[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export const toastStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: () => toasts,
  /** Queues a toast; only the 5 most recent are kept. */
  add(toast: Omit<Toast, 'id' | 'open'>): string {
    const id = `toast-${++counter}`;
    toasts = [{ ...toast, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
    emit();
    return id;
  },
  /** Closes a toast; it leaves the list 200 ms later, once its exit animation has run. */
  close(id: string) {
    toasts = toasts.map((toast) => (toast.id === id ? { ...toast, open: false } : toast));
    emit();
    setTimeout(() => {
      toasts = toasts.filter((toast) => toast.id !== id);
      emit();
    }, TOAST_REMOVE_DELAY_MS);
  },
  clear() {
    toasts = [];
    emit();
  },
};

export function useToasts(): Toast[] {
  return useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);
}

export const toast = {
  success: (title: string, description?: string) => toastStore.add({ title, description, color: 'success' }),
  error: (title: string, description?: string) => toastStore.add({ title, description, color: 'error' }),
  info: (title: string, description?: string, action?: Toast['action']) => toastStore.add({ title, description, color: 'info', action }),
};
