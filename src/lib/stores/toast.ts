import { create } from "zustand";

export type ToastType = "success" | "error" | string;

export interface ToastState {
  visible: boolean;
  /** 'success' by default; any other type shows as an error. */
  type: ToastType;
  message: string;
  timeout: number;
  show(message: string, type?: ToastType, timeout?: number): void;
  clear(): void;
}

export const TOAST_DEFAULT_TIMEOUT = 3000;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Toasts show at once and clear after their timeout (spec §4: default 3000 ms; auth uses 2000). */
export const useToast = create<ToastState>((set) => ({
  visible: false,
  type: "success",
  message: "",
  timeout: TOAST_DEFAULT_TIMEOUT,
  show(message, type = "success", timeout = TOAST_DEFAULT_TIMEOUT) {
    clearTimeout(timer);
    set({ visible: true, message, type, timeout });
    timer = setTimeout(() => set({ visible: false }), timeout);
  },
  clear() {
    clearTimeout(timer);
    set({ visible: false, message: "" });
  },
}));
