// The check action's entry (check/action.yml runs it): the one bundle, as the check action.
globalThis.MINTLIFY_DOCS_ACTION = "check"
await import('../index.js')
