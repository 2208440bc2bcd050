import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VoicePlayer } from './voice-player.tsx';

// jsdom has no media playback: play() and pause() flip `paused` and fire the events a browser would.
let playSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  const paused = new WeakMap<HTMLMediaElement, boolean>();
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return paused.get(this) ?? true;
  });
  playSpy = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    paused.set(this, false);
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    if (paused.get(this) === false) {
      paused.set(this, true);
      this.dispatchEvent(new Event('pause'));
    }
  });
});
afterEach(() => vi.restoreAllMocks());

function withDuration(audio: HTMLAudioElement, seconds: number) {
  Object.defineProperty(audio, 'duration', { configurable: true, value: seconds });
  fireEvent.loadedMetadata(audio);
}

describe('VoicePlayer', () => {
  it('plays and pauses, shows elapsed / duration and moves the progress bar', async () => {
    const user = userEvent.setup();
    render(<VoicePlayer src="/media/v1.ogg" label="voice message from Mia" />);
    const audio = screen.getByTestId<HTMLAudioElement>('voice-audio');
    withDuration(audio, 20);
    expect(screen.getByTestId('voice-time')).toHaveTextContent('0:00 / 0:20');

    const toggle = screen.getByRole('button', { name: 'Play voice message from Mia' });
    await user.click(toggle);
    expect(playSpy).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Pause voice message from Mia' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    audio.currentTime = 5;
    fireEvent.timeUpdate(audio);
    expect(screen.getByTestId('voice-time')).toHaveTextContent('0:05 / 0:20');
    const slider = screen.getByRole('slider', { name: 'Playback position' });
    expect(slider).toHaveAttribute('aria-valuenow', '5');
    expect(slider).toHaveAttribute('aria-valuetext', '0:05 of 0:20');
    expect(slider).toHaveAttribute('data-progress', '0.250');

    await user.click(screen.getByRole('button', { name: 'Pause voice message from Mia' }));
    expect(screen.getByRole('button', { name: 'Play voice message from Mia' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('seeks with the keyboard: arrows move 5 s, Home and End jump', async () => {
    const user = userEvent.setup();
    render(<VoicePlayer src="/media/v1.ogg" label="voice" />);
    const audio = screen.getByTestId<HTMLAudioElement>('voice-audio');
    withDuration(audio, 12);
    const slider = screen.getByRole('slider');
    slider.focus();
    await user.keyboard('{ArrowRight}');
    expect(audio.currentTime).toBe(5);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(audio.currentTime).toBe(12);
    await user.keyboard('{ArrowLeft}');
    expect(audio.currentTime).toBe(7);
    await user.keyboard('{Home}');
    expect(audio.currentTime).toBe(0);
    await user.keyboard('{End}');
    expect(slider).toHaveAttribute('aria-valuenow', '12');
  });

  it('plays one voice note at a time', async () => {
    const user = userEvent.setup();
    render(
      <>
        <VoicePlayer src="/media/a.ogg" label="first" />
        <VoicePlayer src="/media/b.ogg" label="second" />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Play first' }));
    expect(screen.getByRole('button', { name: 'Pause first' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Play second' }));
    expect(screen.getByRole('button', { name: 'Pause second' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play first' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('says so when the browser cannot play it', async () => {
    const user = userEvent.setup();
    playSpy.mockImplementation(() => Promise.reject(new Error('NotSupportedError')));
    render(<VoicePlayer src="/media/broken.ogg" label="voice" />);
    await user.click(screen.getByRole('button', { name: 'Play voice' }));
    expect(screen.getByTestId('voice-time')).toHaveTextContent("Couldn't play this voice message");
  });
});
