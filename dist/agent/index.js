// The agent action's entry (agent/action.yml runs it): the one bundle, as the agent action.
globalThis.MINTLIFY_DOCS_ACTION = "agent"
await import('../index.js')
