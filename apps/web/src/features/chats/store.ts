import { create } from 'zustand';

const PENDING_BOT_KEY = 'amora.pendingBot';

function readPending(): string | null {
  try {
    return sessionStorage.getItem(PENDING_BOT_KEY);
  } catch {
    return null;
  }
}

/**
 * The chat the app opens on (`/chat/:id`): it is the one on screen from the first render, so the
 * unread badge does not count it while its conversation is still loading (decision 199).
 */
function openedChatId(): string | null {
  if (typeof window === 'undefined') return null;
  const match = /^\/chat\/([^/]+)\/?$/.exec(window.location.pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

type ChatsState = {
  /** The conversation on screen: its incoming messages count as read. */
  activeChatId: string | null;
  /** The character a guest clicked before signing up; opened once onboarding is done. */
  pendingBotId: string | null;
  socketConnected: boolean;
  setActiveChatId: (id: string | null) => void;
  setPendingBotId: (id: string | null) => void;
  setSocketConnected: (connected: boolean) => void;
};

export const useChatsStore = create<ChatsState>()((set) => ({
  activeChatId: openedChatId(),
  pendingBotId: readPending(),
  socketConnected: false,
  setActiveChatId: (activeChatId) => set({ activeChatId }),
  setPendingBotId: (pendingBotId) => {
    try {
      if (pendingBotId) sessionStorage.setItem(PENDING_BOT_KEY, pendingBotId);
      else sessionStorage.removeItem(PENDING_BOT_KEY);
    } catch {
      // storage unavailable: keep it in memory only
    }
    set({ pendingBotId });
  },
  setSocketConnected: (socketConnected) => set({ socketConnected }),
}));
