/** The parts of @echogarden/espeak-ng-emscripten (an Emscripten build of espeak-ng) we use. */
declare module '@echogarden/espeak-ng-emscripten' {
  export interface ESpeakNGWorker {
    /** 0 on success. Accepts "<language>" or "<language>+<variant>". */
    set_voice(name: string): number;
    set_rate(wordsPerMinute: number): number;
    set_pitch(pitch: number): number;
    /** Calls back with 16-bit mono PCM chunks at 22050 Hz (views into WASM memory: copy them). */
    synthesize(text: string, onChunk: (samples: Int16Array | null, events: unknown[]) => void): void;
  }
  export interface ESpeakNGModule {
    eSpeakNGWorker: new () => ESpeakNGWorker;
  }
  const initialize: (moduleArg?: Record<string, unknown>) => Promise<ESpeakNGModule>;
  export default initialize;
}
