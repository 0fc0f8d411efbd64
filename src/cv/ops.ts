import * as v from 'valibot'
import { DocumentSchema, type Caps } from './document.ts'
import { conflict, forbidden, unprocessable } from '../errors.ts'

/**
 * PATCH ops on a CV: paths like `summary`, `experience[2].bullets[1]`, `style.font_size`, `title`,
 * applied to the "root" `{ title, template_id, ...document }` one after another on a copy, so a
 * failing op leaves the stored CV untouched (all-or-nothing). Also the undo "unit" of a path.
 */
export type Segment = string | number

/** One op as PATCH /me/cvs/{id} and the assistant's `patch_cv` take it. */
export const OpSchema = v.strictObject({
  kind: v.picklist(['set', 'insert', 'remove', 'move'], 'kind must be set, insert, remove or move'),
  path: v.pipe(v.string('path is required'), v.maxLength(200)),
  value: v.optional(v.unknown()),
  to: v.optional(v.pipe(v.number(), v.integer('to must be an integer'))),
  evidence_id: v.optional(v.pipe(v.string(), v.maxLength(100))),
})
/** A batch: 1 to 200 ops, applied all or nothing. */
export const OpsSchema = v.pipe(v.array(OpSchema, 'ops must be a list of ops'), v.minLength(1, 'ops must not be empty'), v.maxLength(200, 'at most 200 ops per batch'))
export type Op = v.InferOutput<typeof OpSchema>
export type Root = Record<string, unknown>

/** Paths an agent (API-key caller) may not touch: who the candidate is and how the CV is named and shown. */
const AGENT_FORBIDDEN = ['header.full_name', 'header.email', 'header.phone', 'header.links', 'title', 'template_id']

/** Names every object has through its prototype: no document key, and followed they reach Object.prototype. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

export function parsePath(path: string): Segment[] | null {
  if (!/^[a-z_]+(\.[a-z_]+|\[\d{1,4}\])*$/.test(path)) return null
  const segments = [...path.matchAll(/([a-z_]+)|\[(\d+)\]/g)].map((m) => (m[1] !== undefined ? m[1] : Number(m[2])))
  return segments.some((segment) => typeof segment === 'string' && PROTOTYPE_KEYS.has(segment)) ? null : segments
}

/** The undo unit a path belongs to: a section, or one field of margins/style/header, or title/template_id. */
export function unitOf(segments: Segment[]): string {
  const [first, second] = segments
  return ['margins', 'style', 'header'].includes(String(first)) && typeof second === 'string' ? `${first}.${second}` : String(first)
}

export function getAt(root: Root, unit: string): unknown {
  return unit.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Root)[key] : undefined), root)
}

export function setAt(root: Root, unit: string, value: unknown): void {
  const keys = unit.split('.')
  let node = root
  for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Root
  const last = keys.at(-1)!
  if (value === undefined) delete node[last]
  else node[last] = value
}

function touchesForbidden(path: string): boolean {
  return path === 'header' || AGENT_FORBIDDEN.some((p) => path === p || path.startsWith(`${p}[`) || path.startsWith(`${p}.`))
}

/** Applies ops to a deep copy of root; throws 422 / 403 / 409 naming the op. Returns the new root and touched units. */
export function applyOps(root: Root, ops: Op[], actor: 'candidate' | 'agent', caps: Caps): { next: Root; units: string[] } {
  const next = structuredClone(root)
  const units = new Set<string>()
  ops.forEach((op, i) => {
    const name = `op ${i + 1} (${op.kind} ${op.path})`
    const segments = parsePath(op.path)
    if (!segments) throw unprocessable(`${name}: bad path`)
    if (actor === 'agent' && touchesForbidden(op.path)) throw forbidden(`${name}: an agent may not change the header's identity fields, the title or the template`)
    if ((op.kind === 'set' || op.kind === 'insert') && op.value === undefined) throw unprocessable(`${name}: value is required`)
    if (op.kind === 'move' && op.to === undefined) throw unprocessable(`${name}: to is required`)
    const parent = segments.slice(0, -1).reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string | number, unknown>)[key] : undefined), next)
    const last = segments.at(-1)!
    if (parent === undefined && segments.length > 1) throw unprocessable(`${name}: bad path (its parent does not exist)`)
    if (op.kind === 'insert' || op.kind === 'move') {
      if (typeof last !== 'number' || !Array.isArray(parent)) throw unprocessable(`${name}: ${op.kind} needs a path ending in a list index`)
      if (op.kind === 'insert') {
        if (last > parent.length) throw unprocessable(`${name}: index out of range`)
        if (segments.at(-2) === 'bullets' && parent.length >= caps.bullets) throw conflict(`${name}: at most ${caps.bullets} bullets per entry`)
        parent.splice(last, 0, op.value)
      } else {
        if (last >= parent.length || op.to! < 0 || op.to! >= parent.length) throw unprocessable(`${name}: index out of range`)
        parent.splice(op.to!, 0, ...parent.splice(last, 1))
      }
    } else if (typeof last === 'number') {
      if (!Array.isArray(parent)) throw unprocessable(`${name}: bad path (not a list)`)
      if (last >= parent.length) throw unprocessable(`${name}: index out of range`)
      if (op.kind === 'set') parent[last] = op.value
      else parent.splice(last, 1)
    } else {
      if (parent === null || typeof parent !== 'object' || Array.isArray(parent)) throw unprocessable(`${name}: bad path`)
      if (op.kind === 'set') (parent as Root)[last] = op.value
      else delete (parent as Root)[last]
    }
    const { title, template_id, ...document } = next
    if (!v.safeParse(DocumentSchema, document).success || (title !== undefined && typeof title !== 'string') || typeof template_id !== 'string') {
      throw unprocessable(`${name}: the value does not fit the document at that path`)
    }
    units.add(unitOf(segments))
  })
  return { next, units: [...units] }
}
