// The comment action's entry (comment/action.yml runs it): the one bundle, as the comment action.
globalThis.MINTLIFY_DOCS_ACTION = "comment"
await import('../index.js')
