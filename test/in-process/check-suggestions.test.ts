import { IN_PROCESS } from '../e2e/harness.js'
import { suggestionCases } from '../cli/suggestion-cases.js'

// the fixes the check knows, suggested and patched, every case, with the fake CLI that replays the real CLI's output
suggestionCases(IN_PROCESS, 'replay')
