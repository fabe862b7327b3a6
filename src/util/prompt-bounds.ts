/**
 * The longest prompt the action sends (the service documents none): a runaway prompt is refused
 * before it spends an agent use; a warning comes above PROMPT_WARN_CHARS.
 */
export const MAX_PROMPT_CHARS = 200_000
export const PROMPT_WARN_CHARS = 100_000
