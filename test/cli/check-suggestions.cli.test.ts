import { RUNTIMES } from '../e2e/harness.js'
import { suggestionCases } from './suggestion-cases.js'

// the fixes the check knows, suggested and patched, through the bundle on Node 24 and the real CLI
suggestionCases(RUNTIMES[0], 'record')
