/** Reads an MP3 file frame by frame (tests): proves it is whole, and how long it plays. */
export type Mp3Info = {
  frames: number;
  sampleRate: number;
  channels: number;
  durationMs: number;
  distinctFrames: number;
};

const bitrates = {
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const sampleRates: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

/** Throws unless `data` is a chain of MPEG Layer III frames from start (after an ID3v2 tag) to end. */
export function parseMp3(data: Buffer): Mp3Info {
  let at = 0;
  if (data.subarray(0, 3).toString('latin1') === 'ID3') {
    at = 10 + ((data[6]! << 21) | (data[7]! << 14) | (data[8]! << 7) | data[9]!);
  }
  let frames = 0;
  let samples = 0;
  let rate = 0;
  let channels = 0;
  const distinct = new Set<string>();
  while (at < data.length) {
    if (at + 4 > data.length) throw new Error(`truncated frame header at byte ${at}`);
    const b1 = data[at + 1]!;
    const b2 = data[at + 2]!;
    const b3 = data[at + 3]!;
    if (data[at] !== 0xff || (b1 & 0xe0) !== 0xe0) throw new Error(`no frame sync at byte ${at}`);
    const version = (b1 >> 3) & 3;
    if (version === 1 || ((b1 >> 1) & 3) !== 1) throw new Error(`not MPEG Layer III at byte ${at}`);
    const kbps = (version === 3 ? bitrates.v1 : bitrates.v2)[b2 >> 4];
    const sr = sampleRates[version]![(b2 >> 2) & 3];
    if (!kbps || !sr) throw new Error(`bad bitrate or sample rate at byte ${at}`);
    const padding = (b2 >> 1) & 1;
    const length = Math.floor(((version === 3 ? 144 : 72) * kbps * 1000) / sr) + padding;
    if (at + length > data.length) throw new Error(`truncated frame at byte ${at}`);
    if (rate && sr !== rate) throw new Error('sample rate changes mid-stream');
    rate = sr;
    channels = b3 >> 6 === 3 ? 1 : 2;
    distinct.add(data.subarray(at + 4, at + length).toString('base64'));
    samples += version === 3 ? 1152 : 576;
    frames++;
    at += length;
  }
  if (!frames) throw new Error('no MP3 frames');
  return {
    frames,
    sampleRate: rate,
    channels,
    durationMs: Math.round((samples / rate) * 1000),
    distinctFrames: distinct.size,
  };
}
