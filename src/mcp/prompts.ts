import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js'

/**
 * The MCP prompts: ready-made requests a person picks in their MCP client, which steer the agent
 * to the right tools in the right order.
 */
export interface PromptSpec {
  name: string
  title: string
  description: string
  arguments: { name: string; description: string; required: boolean }[]
  render(args: Record<string, string>): string
}

export const PROMPTS: PromptSpec[] = [
  {
    name: 'find_matching_roles',
    title: 'Find roles matching my profile',
    description: 'Searches open postings that fit a set of skills, a seniority and a place, and explains the best matches.',
    arguments: [
      { name: 'skills', description: 'your skills, comma-separated (e.g. go, postgresql, kubernetes)', required: true },
      { name: 'seniority', description: 'e.g. junior, middle, senior, lead', required: false },
      { name: 'where', description: 'a country code, a city, or "remote"', required: false },
    ],
    render: (args) =>
      [
        `Find open job postings on openroles that match this profile: skills ${args.skills}${args.seniority ? `; seniority ${args.seniority}` : ''}${args.where ? `; location ${args.where}` : ''}.`,
        'Use the suggest tool to turn skill names into skill slugs if needed, then search_jobs with `skills` (skills_mode "or"), `seniority` and `countries`, `cities` or `work_mode: "remote"`, description_format "markdown" and a limit of 10.',
        'For the five best postings, read them (get_job) and say in one or two sentences each why they fit and what is missing. Link each by its public_slug.',
      ].join('\n'),
  },
  {
    name: 'explain_job',
    title: 'Explain a posting',
    description: 'Summarises one posting: the role, the must-have skills, salary and location, and whether it looks like a real, current opening.',
    arguments: [{ name: 'slug', description: 'the public slug of the posting', required: true }],
    render: (args) =>
      [
        `Read the openroles posting "${args.slug}" (get_job, or the resource openroles://jobs/${args.slug}).`,
        'Summarise the role in three sentences, list the must-have and nice-to-have skills, the salary and location terms, and what its `reality` and `ghost` fields say about whether the opening is real and current.',
        'Then call similar_jobs and name two alternatives.',
      ].join('\n'),
  },
]

export function promptMessages(prompt: PromptSpec, args: Record<string, string>) {
  for (const argument of prompt.arguments) {
    if (argument.required && !args[argument.name]?.trim()) throw new McpError(ErrorCode.InvalidParams, `prompt ${prompt.name} needs the argument ${argument.name}`)
  }
  return [{ role: 'user' as const, content: { type: 'text' as const, text: prompt.render(args) } }]
}
