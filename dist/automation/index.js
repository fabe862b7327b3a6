// The automation action's entry (automation/action.yml runs it): the one bundle, as the automation action.
globalThis.MINTLIFY_DOCS_ACTION = "automation"
await import('../index.js')
