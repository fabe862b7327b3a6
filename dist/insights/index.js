// The insights action's entry (insights/action.yml runs it): the one bundle, as the insights action.
globalThis.MINTLIFY_DOCS_ACTION = "insights"
await import('../index.js')
