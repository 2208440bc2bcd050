import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export type VideoRequest = {
  /** The character: her remote_id names the prepared clips. */
  remoteId: number;
  name: string;
  /** How many videos this chat already received; a provider may use it to vary the result. */
  index: number;
};

export type GeneratedVideo = { data: Buffer; mime: 'video/webm' | 'video/mp4'; ext: 'webm' | 'mp4' };

/** Makes her videos. The default serves clips rendered offline; a generation service plugs in here. */
export interface VideoProvider {
  readonly name: string;
  /** True when this provider can make a video of this character at all. */
  supports(remoteId: number): boolean;
  generate(req: VideoRequest): Promise<GeneratedVideo>;
}

/** Prepared clips `<remote_id>-<n>.webm` (scripts/render-demo-video.ts), served in turn. */
export function createPreparedClipsProvider(dir: string): VideoProvider {
  const clips = new Map<number, string[]>();
  if (existsSync(dir)) {
    for (const file of readdirSync(dir).sort()) {
      const m = /^(\d+)-(\d+)\.webm$/.exec(file);
      if (!m) continue;
      const id = Number(m[1]);
      clips.set(id, [...(clips.get(id) ?? []), file]);
    }
  }
  return {
    name: 'prepared-clips',
    supports: (remoteId) => (clips.get(remoteId)?.length ?? 0) > 0,
    async generate(req) {
      const list = clips.get(req.remoteId);
      if (!list?.length) throw new Error(`No prepared clips for character ${req.remoteId}`);
      const file = list[req.index % list.length]!;
      return { data: await readFile(join(dir, file)), mime: 'video/webm', ext: 'webm' };
    },
  };
}
