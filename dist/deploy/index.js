// The deploy action's entry (deploy/action.yml runs it): the one bundle, as the deploy action.
globalThis.MINTLIFY_DOCS_ACTION = "deploy"
await import('../index.js')
