// The visitors action's entry (visitors/action.yml runs it): the one bundle, as the visitors action.
globalThis.MINTLIFY_DOCS_ACTION = "visitors"
await import('../index.js')
