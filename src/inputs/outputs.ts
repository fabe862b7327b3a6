import { type ActionName, type Described, SAME, SERVICE_ACTIONS } from './catalogue.js'
import { say } from './words.js'

/**
 * Every output of every action once, with the actions that may set it (the root sets it in those
 * modes) and its words. run.ts hands a mode only the outputs its action declares.
 */

export interface OutputSpec {
  /** The focused actions that may set it; the root sets it in those modes. */
  actions: readonly ActionName[]
  words: Described
}

export const OUTPUTS = {
  'job-id': {
    actions: ['agent', 'comment', 'automation'],
    words: {
      text: "The agent job's id, set right after the job is created or followed.",
      root: "The agent job's id, set right after the job is created.",
    },
  },
  status: {
    actions: ['agent', 'comment', 'automation'],
    words: {
      text: 'The last job status seen: active, completed, archived, failed, or a value the API adds later.',
      root: SAME,
    },
  },
  'pr-link': {
    actions: ['agent', 'comment', 'automation'],
    words: {
      text: 'The pull request URL the agent opened, or empty.',
      root: SAME,
    },
  },
  'pr-number': {
    actions: ['agent', 'comment', 'automation'],
    words: {
      text: 'The number at the end of pr-link, or empty.',
      root: SAME,
    },
  },
  model: {
    actions: ['agent', 'comment', 'automation'],
    words: {
      text: 'The AI model the job used.',
      root: SAME,
    },
  },
  'source-repository': {
    actions: ['agent', 'comment', 'automation'],
    words: {
      text: "The job's source repository.",
      root: SAME,
    },
  },
  'source-ref': {
    actions: ['agent', 'comment', 'automation'],
    words: {
      text: "The job's source ref (branch), or empty.",
      root: SAME,
    },
  },
  job: {
    actions: ['agent', 'comment', 'automation'],
    words: {
      text: 'The last job object seen, as JSON (only its documented fields if it is over 64 KiB).',
      root: SAME,
    },
  },
  human: {
    actions: ['visitors', 'views'],
    words: {
      text: {
        visitors: 'Site-wide human visitors for the range.',
        views: 'Site-wide human page views for the range.',
      },
      root: 'Visitors and views modes: site-wide human visitors (or views) for the range.',
    },
  },
  ai: {
    actions: ['visitors', 'views'],
    words: {
      text: {
        visitors: 'Site-wide AI visitors for the range.',
        views: 'Site-wide AI page views for the range.',
      },
      root: 'Visitors and views modes: site-wide AI visitors (or views) for the range.',
    },
  },
  total: {
    actions: ['visitors', 'views'],
    words: {
      text: {
        visitors: 'Site-wide total visitors, deduplicated across human and AI (not human + ai).',
        views: 'Site-wide total page views, deduplicated across human and AI (not human + ai).',
      },
      root: 'Visitors and views modes: site-wide total, deduplicated across human and AI (not human + ai).',
    },
  },
  'path-count': {
    actions: ['visitors', 'views'],
    words: {
      text: 'Number of distinct page paths in the range.',
    },
  },
  'visitors-json': {
    actions: ['visitors'],
    words: {
      text: say(
        'Path of a JSON file with the whole export (project, range, totals, every page; with compare, the',
        'previous period too).',
      ),
    },
  },
  'visitors-csv': {
    actions: ['visitors'],
    words: {
      text: say(
        'Path of a CSV file with the whole export (path,human,ai,total; with compare,',
        'previous_human,previous_ai,previous_total,change).',
      ),
    },
  },
  'views-json': {
    actions: ['views'],
    words: {
      text: say(
        'Path of a JSON file with the whole export (project, range, totals, every page; with compare, the',
        'previous period too).',
      ),
    },
  },
  'views-csv': {
    actions: ['views'],
    words: {
      text: say(
        'Path of a CSV file with the whole export (path,human,ai,total; with compare,',
        'previous_human,previous_ai,previous_total,change).',
      ),
    },
  },
  'previous-total': {
    actions: ['visitors', 'views'],
    words: {
      text: 'With compare: previous-period: the site-wide total of the previous period.',
    },
  },
  'change-percent': {
    actions: ['visitors', 'views'],
    words: {
      text: say(
        'With compare: previous-period: (total - previous total) / previous total x 100, one decimal, signed',
        '(+12.5, -3.0); empty when the previous total is 0.',
      ),
    },
  },
  'dead-end-searches': {
    actions: ['insights'],
    words: {
      text: 'How many distinct search queries had no result clicked (ctr 0) in the range.',
    },
  },
  'unanswered-questions': {
    actions: ['insights'],
    words: {
      text: 'How many distinct questions the assistant could not answer.',
    },
  },
  'down-rated-pages': {
    actions: ['insights'],
    words: {
      text: 'How many pages got more thumbs down than up.',
    },
  },
  'insights-json': {
    actions: ['insights'],
    words: {
      text: 'Path of a JSON file with everything fetched and every list in full (a CSV per list lies beside it).',
    },
  },
  'agent-prompt': {
    actions: ['insights'],
    words: {
      text: say(
        'An instruction for the documentation agent that asks it to close the top gaps (reader text quoted as',
        'data); empty when there are none.',
      ),
    },
  },
  triggered: {
    actions: ['agent', 'comment'],
    words: {
      text: {
        agent: 'With changes: true when a job was created or continued for the change, else false.',
        comment: say(
          'true when the comment was taken as an instruction and sent',
          '(or instructions it caught up on were), else false.',
        ),
      },
      root: say(
        'Comment mode: true when the comment was taken as an instruction and sent, else false. Agent mode with',
        'changes: true when a job was created or continued for the change.',
      ),
    },
  },
  'deployment-id': {
    actions: ['deploy', 'preview'],
    words: {
      text: "The deployment's statusId, set as soon as it is started.",
    },
  },
  'deployment-status': {
    actions: ['deploy', 'preview'],
    words: {
      text: 'queued, in_progress, success, failure, or a value the service adds later.',
    },
  },
  'preview-url': {
    actions: ['preview'],
    words: {
      text: "The preview's URL, set as soon as it is started (before waiting).",
    },
  },
  'changed-pages': {
    actions: ['deploy', 'preview'],
    words: {
      text: "JSON array of the deployed commit's added and modified files.",
    },
  },
  'automation-run-id': {
    actions: ['automation'],
    words: {
      text: "The run's instanceId.",
    },
  },
  'agent-uses': {
    actions: SERVICE_ACTIONS,
    words: {
      text: say(
        "The agent uses this run spent (jobs created, messages sent, automations run), of the service's 100 per",
        'project per hour.',
      ),
    },
  },
  'analytics-requests': {
    actions: SERVICE_ACTIONS,
    words: {
      text: "The analytics requests this run sent (retries included), of the service's 100 per organisation per hour.",
    },
  },
  'changed-files': {
    actions: ['agent'],
    words: {
      text: 'With changes: how many changed files matched changes-paths.',
    },
  },
  'skip-reason': {
    actions: ['agent', 'comment'],
    words: {
      text: {
        agent: 'With changes, when not triggered: no-relevant-changes (no file matched, or nothing new).',
        comment: say(
          'When not triggered: no-phrase, empty-instruction, not-allowed, bot, own-comment, not-created (an edit,',
          'a deletion, a dismissed review) or already-handled (an earlier run caught it up, or another run holds',
          'it).',
        ),
      },
      root: say(
        'Comment mode, and agent mode with changes, when not triggered: no-relevant-changes (agent mode: no file',
        'matched, or nothing new), no-phrase, empty-instruction, not-allowed, bot, own-comment, not-created (an',
        'edit, a deletion, a dismissed review) or already-handled (an earlier run caught it up, or another run',
        'holds it).',
      ),
    },
  },
  'issue-number': {
    actions: ['health'],
    words: {
      text: "The health issue's number.",
    },
  },
  'issue-url': {
    actions: ['health'],
    words: {
      text: "The health issue's link.",
    },
  },
  'new-gaps': {
    actions: ['health'],
    words: {
      text: 'How many gaps were first seen this run.',
    },
  },
  'persisting-gaps': {
    actions: ['health'],
    words: {
      text: 'How many followed gaps were seen again (or could not be checked: their list was incomplete).',
    },
  },
  'gone-gaps': {
    actions: ['health'],
    words: {
      text: 'How many gaps seen last time are gone.',
    },
  },
  'impact-json': {
    actions: ['health'],
    words: {
      text: say(
        'With impact: JSON array, newest merge first, one object per docs pull request measured or being',
        'measured: number, url, title, mergedAt, agent, pages, notPages, weeks, weeksCounted (of its weeks',
        'after), commented, and once complete figures (before and after for its pages together and for each page:',
        'human, ai, up, down; site: the control; verdict).',
      ),
    },
  },
  'jobs-created': {
    actions: ['health'],
    words: {
      text: 'JSON array of the ids of the agent jobs this run started.',
    },
  },
  'answers-json': {
    actions: ['health'],
    words: {
      text: say(
        'With assistant-key: JSON array, one object per gap searched again once its pull request shipped:',
        'kind, query, job, prLink, baseline and after (when searched, the top paths), verdict (answered,',
        'moved or still-missing) and, when answered, the page and its rank.',
      ),
    },
  },
  problems: {
    actions: ['check'],
    words: {
      text: say(
        'How many problems fail the check: on a pull request with scope new, the ones it brought (known ones are',
        'not counted).',
      ),
    },
  },
  'problems-json': {
    actions: ['check'],
    words: {
      text: say(
        'Path of a JSON file with every problem found (status new, known, unsure or few-views, file, line,',
        'column, rule, target, message, for a page this pull request renamed or deleted the change and its',
        "redirect, and with a key its readers' views) and what was checked.",
      ),
    },
  },
  'pages-json': {
    actions: ['check'],
    words: {
      text: say(
        "On a pull request: path of a JSON file with the pull request's pages (path, address, title, change:",
        "added, changed, renamed, deleted or affected; from, a renamed page's old address; to, where a deleted",
        "page's readers go now; why an affected page changes; with a key its readers' views), for the preview",
        "action's pages input.",
      ),
    },
  },
  'fixes-patch': {
    actions: ['check'],
    words: {
      text: say(
        'On a pull request: path of a patch (git apply, against the head) with every fix the check knows that',
        'is not a suggested change of its review (a link to a renamed page in a file the pull request never',
        'touched, a redirect far from the diff); empty when there is none.',
      ),
    },
  },
} as const satisfies Record<string, OutputSpec>

export type OutputName = keyof typeof OUTPUTS

/** The outputs a focused action (or the root in that mode) may set, in catalogue order. */
export function outputsOf(action: ActionName): OutputName[] {
  return (Object.keys(OUTPUTS) as OutputName[]).filter((name) =>
    (OUTPUTS[name].actions as readonly ActionName[]).includes(action),
  )
}

/** Each action's outputs, in catalogue order. */
export const OUTPUTS_OF: Readonly<Record<ActionName, readonly OutputName[]>> = {
  agent: outputsOf('agent'),
  comment: outputsOf('comment'),
  visitors: outputsOf('visitors'),
  views: outputsOf('views'),
  insights: outputsOf('insights'),
  deploy: outputsOf('deploy'),
  preview: outputsOf('preview'),
  automation: outputsOf('automation'),
  health: outputsOf('health'),
  check: outputsOf('check'),
}
