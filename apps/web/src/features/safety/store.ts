import { create } from 'zustand';

/** The account's age-review hold (decision 045): `review` shows the blocking screen. */
type SafetyState = {
  hold: 'none' | 'review' | 'closed';
  /** The user chose to write to support: the screen steps aside until the next refusal. */
  contactingSupport: boolean;
  setHold: (hold: 'none' | 'review' | 'closed') => void;
  setContactingSupport: (value: boolean) => void;
};

export const useSafetyStore = create<SafetyState>()((set) => ({
  hold: 'none',
  contactingSupport: false,
  setHold: (hold) => set({ hold, contactingSupport: false }),
  setContactingSupport: (contactingSupport) => set({ contactingSupport }),
}));
