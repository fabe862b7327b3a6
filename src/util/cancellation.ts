/**
 * The runner cancels a step with SIGINT, then SIGTERM 7.5 s later. On either, the signal aborts
 * every request in flight and every sleep, and the run ends with what it knows. A safety timer
 * makes sure the process is gone within 2 s even if something does not let go.
 */
export interface Cancellation {
  signal: AbortSignal
  dispose(): void
}

const HARD_EXIT_MS = 1800

export function listenForCancellation(onCancel: (signalName: string) => void = () => {}): Cancellation {
  const controller = new AbortController()
  const handler = (name: NodeJS.Signals): void => {
    if (controller.signal.aborted) return
    onCancel(name)
    controller.abort()
    setTimeout(
      () => process.exit(process.exitCode && process.exitCode !== 0 ? process.exitCode : 1),
      HARD_EXIT_MS,
    ).unref()
  }
  process.on('SIGINT', handler)
  process.on('SIGTERM', handler)
  return {
    signal: controller.signal,
    dispose() {
      process.off('SIGINT', handler)
      process.off('SIGTERM', handler)
    },
  }
}
