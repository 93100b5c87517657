import { create } from "zustand";

export interface LoadingState {
  visible: boolean;
  message: string;
  show(message?: string): void;
  /** Clears the loading state, after `delayMs` if given (default 0). */
  hide(delayMs?: number): void;
}

export const useLoading = create<LoadingState>((set) => ({
  visible: false,
  message: "Loading...",
  show: (message = "Loading...") => set({ visible: true, message }),
  hide: (delayMs = 0) => {
    if (delayMs > 0) setTimeout(() => set({ visible: false }), delayMs);
    else set({ visible: false });
  },
}));
