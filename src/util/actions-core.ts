/**
 * The parts of @actions/core this action uses after its inputs are valid, through its public API
 * (so GitHub's own tools, such as @github/local-action, see every output, annotation and summary).
 * Loaded with run.ts; the start-up path uses workflow-commands.ts and loads no library.
 */
export { error, group, info, notice, setFailed, setOutput, setSecret, summary, warning } from '@actions/core'
