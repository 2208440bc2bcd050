import { create } from 'zustand';

export type ToastKind = 'error' | 'success' | 'info';
export type Toast = { id: number; kind: ToastKind; message: string };

type ToastState = {
  toasts: Toast[];
  show: (message: string, kind?: ToastKind) => void;
  dismiss: (id: number) => void;
};

let nextId = 1;
const TOAST_MS = 5000;

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  show: (message, kind = 'info') => {
    const id = nextId++;
    set((s) => ({ toasts: [...s.toasts.slice(-2), { id, kind, message }] }));
    setTimeout(() => get().dismiss(id), TOAST_MS);
  },
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((toast) => toast.id !== id) })),
}));

export function showToast(message: string, kind: ToastKind = 'info'): void {
  useToastStore.getState().show(message, kind);
}
