/** A tool's refusal: becomes a tool_result with is_error, never a failed turn. */
export class ToolError extends Error {}
