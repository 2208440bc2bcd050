/** SPEC: one voice note plays at a time. Starting one pauses whichever was playing. */
let current: HTMLMediaElement | null = null;

export function claimAudio(el: HTMLMediaElement): void {
  if (current && current !== el && !current.paused) current.pause();
  current = el;
}

export function releaseAudio(el: HTMLMediaElement): void {
  if (current === el) current = null;
}
