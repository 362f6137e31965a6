export interface PeriodicJob {
  /** Stops the timer and waits for a run under way to finish. */
  stop(): Promise<void>;
}

/**
 * Runs `run` now and then every `intervalMs`, one run at a time (a slow run delays the next instead of
 * overlapping it). A failed run is handed to `onError` and the next one runs as planned. The timer does not
 * keep the process alive.
 */
export function startPeriodicJob({
  intervalMs,
  run,
  onError,
}: {
  intervalMs: number;
  run: () => Promise<void>;
  onError: (error: unknown) => void;
}): PeriodicJob {
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = running.then(run).catch(onError);
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
