import { everyCaseOnTheRealCli } from './real-cli-cases.js'

/** The check action's cases on the real CLI: the second half (real-cli-cases.ts). */
everyCaseOnTheRealCli(1)
