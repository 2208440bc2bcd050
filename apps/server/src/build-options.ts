import type { Brain } from '@amora/companion/engine/brain.ts';
import type { Language } from '@amora/shared/enums.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { MediaStorage } from './lib/media-storage.ts';
import type { TtsEngine } from './modules/media/tts/tts.ts';
import type { VideoProvider } from './modules/media/video/video-provider.ts';
import type { PushOptions } from './modules/push/push.module.ts';

/** What tests (and tools) may replace when they build the app: buildApp(config, opts). */
export type BuildOptions = {
  /** Replaces the companion engine (tests). */
  brain?: Brain;
  /** The chat languages a replaced engine writes (tests); default: the built-in engine's. */
  chatLanguages?: readonly Language[];
  /** Where media files live; defaults to DATA_DIR/media. */
  mediaRoot?: string;
  /** Replaces the media storage (tests: a bucket on a fake S3 server). */
  storage?: MediaStorage;
  logger?: FastifyBaseLogger | boolean;
  /** A refresh token reused within this window is a racing tab, not theft (default 10 s). */
  refreshReuseGraceMs?: number;
  /** Start an in-memory PGlite from this migrated dump (tests). */
  pgliteTemplate?: Blob | File;
  /** Replaces the text-to-speech engine (tests). */
  tts?: TtsEngine;
  /** Replaces the video provider (tests). */
  videoProvider?: VideoProvider;
  /** Web push: another sender, or loopback http endpoints allowed (tests). */
  push?: PushOptions;
  /** "Now" for the reward rules (tests move UTC days and verification delays with it). */
  clock?: () => Date;
};
