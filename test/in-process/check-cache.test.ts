import { IN_PROCESS } from '../e2e/harness.js'
import { cacheCases } from '../cli/cache-cases.js'

// the base in the runner's cache, every case, with the fake CLI that replays the real CLI's output
cacheCases(IN_PROCESS, 'replay')
