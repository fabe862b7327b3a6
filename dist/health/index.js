// The health action's entry (health/action.yml runs it): the one bundle, as the health action.
globalThis.MINTLIFY_DOCS_ACTION = "health"
await import('../index.js')
