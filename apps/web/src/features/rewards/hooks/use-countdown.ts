import { useEffect, useState } from 'react';
import { remainingMs } from '../daily-timer.ts';

/** Milliseconds left until `target` (server clock = device clock + offset), checked each second. */
export function useCountdown(target: number | null, offsetMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (target === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [target]);
  return target === null ? 0 : remainingMs(target, offsetMs, now);
}
