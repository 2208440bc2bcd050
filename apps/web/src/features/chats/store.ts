import { create } from 'zustand';

const PENDING_BOT_KEY = 'amora.pendingBot';

function readPending(): string | null {
  try {
    return sessionStorage.getItem(PENDING_BOT_KEY);
  } catch {
    return null;
  }
}

/** The chat of an address (`/chat/:id`), or null on any other page. */
export function chatIdOfPath(pathname: string): string | null {
  const match = /^\/chat\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/**
 * The chat the app opens on: it is the one on screen from the first render, so the unread badge
 * does not count it while its conversation is still loading (decision 199).
 */
function openedChatId(): string | null {
  return typeof window === 'undefined' ? null : chatIdOfPath(window.location.pathname);
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
