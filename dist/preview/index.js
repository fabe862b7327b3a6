// The preview action's entry (preview/action.yml runs it): the one bundle, as the preview action.
globalThis.MINTLIFY_DOCS_ACTION = "preview"
await import('../index.js')
