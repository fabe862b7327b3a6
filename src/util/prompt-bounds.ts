/**
 * The longest prompt or message the action sends: the API client refuses a longer one before any
 * request, and a longer `prompt` or `prompt-file` is an input error. The service documents no limit:
 * this bound keeps a runaway prompt (a whole diff, a pasted log) from spending an agent use, and the
 * agent runner warns above PROMPT_WARN_CHARS, well before it.
 */
export const MAX_PROMPT_CHARS = 200_000
export const PROMPT_WARN_CHARS = 100_000
