// The views action's entry (views/action.yml runs it): the one bundle, as the views action.
globalThis.MINTLIFY_DOCS_ACTION = "views"
await import('../index.js')
