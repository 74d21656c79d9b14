#!/usr/bin/env node
// Linux-side checks of the iOS wrapper (no Swift compiler or Xcode here):
//
//  1. syntax   every .swift file under ios-wrapper/BaifangHex parses without error nodes
//              under tree-sitter-swift (file:line:column of each error is reported);
//  2. contract the bridge message types of every "source of types" equal the sets in
//              web/host-bridge/messages.json, the one definition (no more, no less);
//  3. payloads the fields of each `<Type>Payload` struct equal the payload keys in
//              messages.json, with matching types (string/number/boolean, "a|b|c" = the
//              raw values of the Swift enum used, "[{a, b}]" = an array of a struct with
//              exactly those fields); the same for `pageConfig` (struct HostConfig);
//  4. replies  what each call's case in the call switch hands to `reply.succeed(…)` is a
//              type whose fields equal the call's "reply" in messages.json, and
//              `BridgeReply.succeed` passes that object to WebKit as is (wrapping it in an
//              envelope is the classic bug: the page reads the reply's own fields); the
//              sign-in failure codes (enum SignInFailure) equal authenticate's "errors";
//  5. scripts  the JavaScript the host injects or evaluates (haptic shim, host config,
//              viewport lock, event delivery), taken from the Swift string literals with
//              their interpolations resolved, runs in node against a stub page and
//              produces what messages.json describes (handler name, event function,
//              envelopes, batched in-order delivery that reports how many events it took);
//  6. project  the Info.plist / entitlement keys the app needs are in the project, and no
//              Swift code quits the app (`exit(…)`).
//  7. run-time the shapes that avoid run-time faults names cannot show: every reply goes
//              through BridgeReply, which clears its handler behind a guard before calling it
//              (a second call crashes WebKit); the share completion settles only when
//              completed or dismissed with no activity; the refusal alert sits behind a flag
//              its branch turns off (GameKit re-calls the handler on each foreground); a
//              matchmaker result is guarded by `matchmakerSheet === sheet` (else
//              disconnect); `emit` coalesces lifecycle/network events and bounds the queue;
//              every friend-match sheet is `.inviteOnly`.
//
// The self-test runs first: a broken snippet must fail to parse, and each deliberately
// broken copy under fixtures/ (laid over the real sources) must fail with the problem its
// fixture.json names, so the checks are shown to be able to fail.
//
// Usage: node check-swift.mjs [--types extra.json ...]
//   extra.json: {"name": "...", "calls": [...], "events": [...]} (either list optional);
//   compared like any other source. Exit status 0 when everything matches.
//
// Adding a source of types (the web side's sent/listened types, the mock host's handled
// types): write one function returning {name, calls, events} (Sets, or null for a side the
// source does not cover) and add it to SOURCES below.

import fs from 'node:fs';
import vm from 'node:vm';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Parser from 'tree-sitter';
import Swift from 'tree-sitter-swift';

const here = path.dirname(fileURLToPath(import.meta.url));
const wrapperDir = path.resolve(here, '..');
const repoDir = path.resolve(wrapperDir, '..');
const swiftRoot = path.join(wrapperDir, 'BaifangHex');
const messagesPath = path.join(repoDir, 'web', 'host-bridge', 'messages.json');

const parser = new Parser();
parser.setLanguage(Swift);

const rel = (p) => path.relative(repoDir, p);
const read = (p) => fs.readFileSync(p, 'utf8');

// ---------------------------------------------------------------------------------------
// Swift files and their syntax trees

function listSwiftFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    // BaifangHex/Web is the copied web build: no Swift in it, possibly many files.
    if (entry.isDirectory() && full !== path.join(swiftRoot, 'Web')) out.push(...listSwiftFiles(full));
    else if (entry.isFile() && entry.name.endsWith('.swift')) out.push(full);
  }
  return out.sort();
}

function* walk(node) {
  yield node;
  for (let i = 0; i < node.childCount; i++) yield* walk(node.child(i));
}

/** Error and missing nodes, each as {line, column, kind, text}. */
function syntaxErrors(tree) {
  const errors = [];
  if (!tree.rootNode.hasError) return errors;
  for (const node of walk(tree.rootNode)) {
    if (node.type === 'ERROR' || node.isMissing) {
      errors.push({
        line: node.startPosition.row + 1,
        column: node.startPosition.column + 1,
        kind: node.isMissing ? `missing ${node.type}` : 'unexpected',
        text: node.text.split('\n')[0].slice(0, 60),
      });
    }
  }
  if (errors.length === 0) errors.push({ line: 1, column: 1, kind: 'error', text: '(tree has an error)' });
  return errors;
}

function parseSwiftSources(files) {
  return files.map((file) => {
    const source = read(file);
    const tree = parser.parse(source);
    return { file, source, tree, errors: syntaxErrors(tree) };
  });
}

// ---------------------------------------------------------------------------------------
// Swift declarations the other checks read

const fieldText = (node, field) => node.childForFieldName(field)?.text ?? null;

/** Every `enum Name` in the sources: Map name -> [raw values] (the case name when implicit). */
function swiftEnums(units) {
  const enums = new Map();
  for (const { tree } of units) {
    for (const node of walk(tree.rootNode)) {
      if (node.type !== 'class_declaration' || fieldText(node, 'declaration_kind') !== 'enum') continue;
      const values = [];
      const body = node.childForFieldName('body');
      // Direct children only (node objects are not identity-stable across parses, so
      // "entry.parent === body" cannot be used).
      for (let k = 0; body && k < body.childCount; k++) {
        const entry = body.child(k);
        if (entry.type !== 'enum_entry') continue;
        // `case a, b = "x"`: names and raw values alternate within one entry.
        let last = null;
        for (let i = 0; i < entry.childCount; i++) {
          const child = entry.child(i);
          const field = entry.fieldNameForChild(i);
          if (field === 'name') {
            last = child.text;
            values.push(last);
          } else if (field === 'raw_value' && last !== null) {
            const literal = child.text.match(/^"(.*)"$/);
            if (literal) values[values.length - 1] = literal[1];
          }
        }
      }
      enums.set(node.childForFieldName('name').text, values);
    }
  }
  return enums;
}

/** Every struct: Map name -> Map(stored property name -> type text). */
function swiftStructs(units) {
  const structs = new Map();
  for (const { tree } of units) {
    for (const node of walk(tree.rootNode)) {
      if (node.type !== 'class_declaration' || fieldText(node, 'declaration_kind') !== 'struct') continue;
      const body = node.childForFieldName('body');
      const fields = new Map();
      for (let i = 0; body && i < body.childCount; i++) {
        const decl = body.child(i);
        if (decl.type !== 'property_declaration') continue;
        const modifiers = decl.children.find((c) => c.type === 'modifiers')?.text ?? '';
        if (/\bstatic\b/.test(modifiers)) continue;
        if (decl.children.some((c) => c.type === 'computed_property')) continue;
        const name = decl.childForFieldName('name')?.text;
        const type = decl.children.find((c) => c.type === 'type_annotation')?.childForFieldName('name')?.text ?? '';
        if (name) fields.set(name, type);
      }
      structs.set(node.childForFieldName('name').text, fields);
    }
  }
  return structs;
}

/** The member name of `.x` or `Type.x` (or null). */
function memberName(node, typeName) {
  if (node.type === 'prefix_expression' && fieldText(node, 'operation') === '.') {
    return fieldText(node, 'target');
  }
  if (node.type === 'navigation_expression' && fieldText(node, 'target') === typeName) {
    return node.childForFieldName('suffix')?.childForFieldName('suffix')?.text ?? null;
  }
  return null;
}

/** The name a call expression calls: `emit` for `emit(…)`, `x.emit(…)`, `x?.emit(…)`. */
function calleeName(call) {
  const callee = call.child(0);
  if (!callee) return null;
  if (callee.type === 'simple_identifier') return callee.text;
  if (callee.type === 'navigation_expression') {
    return callee.childForFieldName('suffix')?.childForFieldName('suffix')?.text ?? null;
  }
  return null;
}

/** `static let name = "text"` constants: Map "Type.name" -> text. */
function swiftStaticStrings(units) {
  const constants = new Map();
  for (const { tree } of units) {
    for (const node of walk(tree.rootNode)) {
      if (node.type !== 'property_declaration' || !/\bstatic\b/.test(node.children.find((c) => c.type === 'modifiers')?.text ?? '')) continue;
      const value = node.childForFieldName('value');
      if (value?.type !== 'line_string_literal' || value.children.some((c) => c.type === 'interpolated_expression')) continue;
      let owner = node.parent;
      while (owner && owner.type !== 'class_declaration') owner = owner.parent;
      const typeName = owner?.childForFieldName('name')?.text;
      const name = node.childForFieldName('name')?.text;
      if (typeName && name) constants.set(`${typeName}.${name}`, value.text.slice(1, -1));
    }
  }
  return constants;
}

/** Enum cases with their raw values: Map enum -> Map(case -> raw value). */
function swiftEnumCases(units) {
  const out = new Map();
  for (const { tree } of units) {
    for (const node of walk(tree.rootNode)) {
      if (node.type !== 'class_declaration' || fieldText(node, 'declaration_kind') !== 'enum') continue;
      const cases = new Map();
      const body = node.childForFieldName('body');
      for (let i = 0; body && i < body.childCount; i++) {
        const entry = body.child(i);
        if (entry.type !== 'enum_entry') continue;
        let last = null;
        for (let j = 0; j < entry.childCount; j++) {
          const field = entry.fieldNameForChild(j);
          if (field === 'name') cases.set((last = entry.child(j).text), entry.child(j).text);
          else if (field === 'raw_value' && last !== null) {
            const literal = entry.child(j).text.match(/^"(.*)"$/);
            if (literal) cases.set(last, literal[1]);
          }
        }
      }
      out.set(node.childForFieldName('name').text, cases);
    }
  }
  return out;
}

/**
 * The text of the multi-line string literal inside `function name` of `file`, with each
 * interpolation `\(Type.constant)` or `\(Enum.case.rawValue)` replaced by its value.
 */
function swiftScript(ctx, fileSuffix, functionName, bindings = {}) {
  const unit = ctx.units.find((u) => u.file.endsWith(fileSuffix));
  if (!unit) throw new Error(`${fileSuffix} not found`);
  const fn = [...walk(unit.tree.rootNode)].find(
    (n) => n.type === 'function_declaration' && n.childForFieldName('name')?.text === functionName,
  );
  const literal = fn && [...walk(fn)].find((n) => n.type === 'multi_line_string_literal');
  if (!literal) throw new Error(`${fileSuffix}: no multi-line string in ${functionName}`);
  let text = '';
  for (let i = 0; i < literal.childCount; i++) {
    const child = literal.child(i);
    const field = literal.fieldNameForChild(i);
    if (field === 'text') text += child.text.replace(/\\(["\\])/g, '$1');
    else if (field === 'interpolation') {
      const expr = child.text;
      const raw = expr.match(/^(\w+)\.(\w+)\.rawValue$/);
      const constant = ctx.constants.get(expr);
      if (constant !== undefined) text += constant;
      else if (Object.hasOwn(bindings, expr)) text += bindings[expr];
      else if (raw && ctx.enumCases.get(raw[1])?.has(raw[2])) text += ctx.enumCases.get(raw[1]).get(raw[2]);
      else throw new Error(`${fileSuffix}: cannot resolve \\(${expr}) in ${functionName}`);
    }
  }
  return text;
}

// ---------------------------------------------------------------------------------------
// Sources of types. Each returns {name, calls, events}: Sets, or null for a side it does
// not cover. The first one is the reference.

function messagesJson(ctx) {
  return {
    name: 'web/host-bridge/messages.json',
    calls: new Set(Object.keys(ctx.messages.calls)),
    events: new Set(Object.keys(ctx.messages.events)),
  };
}

/** The raw values of `enum BridgeCall` and `enum BridgeEvent`. */
function swiftDeclared(ctx) {
  const calls = ctx.enums.get('BridgeCall');
  const events = ctx.enums.get('BridgeEvent');
  return {
    name: 'Swift BridgeCall/BridgeEvent raw values',
    calls: new Set(calls ?? []),
    events: new Set(events ?? []),
    problems: [
      ...(calls ? [] : ['enum BridgeCall not found']),
      ...(events ? [] : ['enum BridgeEvent not found']),
    ],
  };
}

/**
 * What the Swift code acts on: the cases of the `switch call.type` that handles calls
 * (a `default:` there would hide an unhandled call, so it is a problem), and the events
 * passed to `emit(…)` anywhere.
 */
function swiftHandledAndEmitted(ctx) {
  const calls = new Set();
  const events = new Set();
  const problems = [];
  let switches = 0;
  for (const { file, tree } of ctx.units) {
    for (const node of walk(tree.rootNode)) {
      if (node.type === 'switch_statement' && /\bcall\.type$/.test(fieldText(node, 'expr') ?? '')) {
        switches += 1;
        for (const entry of node.children.filter((c) => c.type === 'switch_entry')) {
          if (entry.children.some((c) => c.type === 'default_keyword' || c.text === 'default')) {
            problems.push(`${rel(file)}:${entry.startPosition.row + 1}: default case in the call switch`);
          }
          for (const pattern of entry.children.filter((c) => c.type === 'switch_pattern')) {
            const m = pattern.text.match(/^(?:BridgeCall)?\.(\w+)$/);
            if (m) calls.add(m[1]);
            else problems.push(`${rel(file)}:${pattern.startPosition.row + 1}: unexpected call pattern ${pattern.text}`);
          }
        }
      }
      if (node.type === 'call_expression' && calleeName(node) === 'emit') {
        const args = node.child(1)?.children.find((c) => c.type === 'value_arguments');
        const first = args?.children.find((c) => c.type === 'value_argument');
        const value = first?.childForFieldName('value');
        const name = value ? memberName(value, 'BridgeEvent') : null;
        if (name) events.add(name);
        else problems.push(`${rel(file)}:${node.startPosition.row + 1}: emit(…) without a literal event`);
      }
    }
  }
  if (switches !== 1) problems.push(`expected one \`switch call.type\`, found ${switches}`);
  return { name: 'Swift handled calls / emitted events', calls, events, problems };
}

/** `--types file.json` sources: {"name", "calls": [...], "events": [...]}. */
function jsonTypesFile(file) {
  return () => {
    const data = JSON.parse(read(file));
    return {
      name: data.name ?? rel(file),
      calls: Array.isArray(data.calls) ? new Set(data.calls) : null,
      events: Array.isArray(data.events) ? new Set(data.events) : null,
    };
  };
}

/**
 * The mock host (web/mock-host/mock-host.js), run in node against a stub page: the call
 * types it answers, and the reply of each call with a sample payload, whose keys must be
 * the call's "reply" in messages.json (the same contract the Swift host is held to). The
 * Rust side's types are checked against messages.json by `cargo test -p web-core` (and the Game Center transport by `cargo test -p web-baifang`).
 */
function mockHost(ctx) {
  const file = path.join(repoDir, 'web', 'mock-host', 'mock-host.js');
  const window = { webkit: undefined };
  const stubChannel = class { postMessage() {} };
  const context = {
    window,
    location: { search: '?host=mock', origin: 'http://127.0.0.1:1', pathname: '/' },
    URLSearchParams, BroadcastChannel: stubChannel, crypto: globalThis.crypto, setInterval: () => 0, setTimeout: () => 0,
    addEventListener: () => {}, document: { addEventListener: () => {}, hidden: false }, Date, Promise, Error, Object, Array, JSON, Number, String,
    localStorage: { store: new Map(), getItem(k) { return this.store.get(k) ?? null; }, setItem(k, v) { this.store.set(k, String(v)); } },
  };
  vm.runInNewContext(read(file), context);
  const host = window.webkit?.messageHandlers?.[ctx.messages.handlerName];
  const problems = [];
  const samples = { string: 'x', number: 1, boolean: true };
  const replies = new Map();
  for (const [type, spec] of Object.entries(ctx.messages.calls)) {
    const payload = Object.fromEntries(Object.entries(spec.payload ?? {}).map(([k, kind]) => [k, samples[kind] ?? kind.split('|')[0]]));
    if (type === 'findMatch' || type === 'inviteFriend') payload.playerGroup = 1;
    replies.set(type, host?.postMessage({ id: 1, type, payload }).then((r) => r, (e) => ({ rejected: String(e) })));
  }
  return {
    name: 'web/mock-host/mock-host.js',
    calls: new Set(host ? [...replies.keys()].filter((t) => window.__mockHost?.calls.includes(t)) : []),
    events: new Set(window.__mockHost?.events ?? []),
    problems,
    replies,
  };
}

const SOURCES = [
  messagesJson, // the reference: keep first
  swiftDeclared,
  swiftHandledAndEmitted,
  mockHost,
];

// ---------------------------------------------------------------------------------------
// Comparisons

function compareSets(reference, actual) {
  const missing = [...reference].filter((t) => !actual.has(t)).sort();
  const extra = [...actual].filter((t) => !reference.has(t)).sort();
  return { missing, extra, matched: reference.size - missing.length };
}

/** Contract: every source against the reference, per side. */
function checkContract(sources) {
  const [reference, ...others] = sources;
  const problems = [];
  const missingAny = { calls: new Set(), events: new Set() };
  const extraAny = { calls: new Set(), events: new Set() };
  for (const source of others) {
    for (const p of source.problems ?? []) problems.push(`${source.name}: ${p}`);
    for (const side of ['calls', 'events']) {
      if (!source[side]) continue;
      const { missing, extra } = compareSets(reference[side], source[side]);
      missing.forEach((t) => missingAny[side].add(t));
      extra.forEach((t) => extraAny[side].add(t));
      if (missing.length) problems.push(`${source.name}: ${side} missing ${missing.join(', ')}`);
      if (extra.length) problems.push(`${source.name}: ${side} not in messages.json: ${extra.join(', ')}`);
    }
  }
  // "matched" counts the reference types every source has; extras are shown separately.
  const summary = (side) => {
    const total = reference[side].size;
    const text = `${total - missingAny[side].size}/${total}`;
    return extraAny[side].size ? `${text} +${extraAny[side].size} extra` : text;
  };
  return { problems, text: { calls: summary('calls'), events: summary('events') } };
}

const payloadStructName = (type) => `${type[0].toUpperCase()}${type.slice(1)}Payload`;

/**
 * Whether the Swift type text `swiftType` is what messages.json's `kind` says, as a
 * problem sentence or null. Kinds: "string", "number", "boolean", "a|b|c" (a Swift enum
 * with exactly those raw values), "[{a, b}]" (an array of a struct with exactly those
 * fields).
 */
function typeProblem(ctx, field, kind, swiftType) {
  if (kind === 'string') return swiftType === 'String' ? null : `field ${field} is ${swiftType || 'untyped'}, messages.json says string`;
  if (kind === 'number') return ['Double', 'Int'].includes(swiftType) ? null : `field ${field} is ${swiftType || 'untyped'}, messages.json says number`;
  if (kind === 'boolean') return swiftType === 'Bool' ? null : `field ${field} is ${swiftType || 'untyped'}, messages.json says boolean`;
  if (kind.includes('|')) {
    const values = ctx.enums.get(swiftType);
    if (!values) return `field ${field} should be an enum of ${kind}, is ${swiftType || 'untyped'}`;
    const diff = compareSets(new Set(kind.split('|')), new Set(values));
    return diff.missing.length || diff.extra.length ? `enum ${swiftType} is {${values.join(', ')}}, messages.json says ${kind}` : null;
  }
  const array = kind.match(/^\[\{(.*)\}\]$/);
  if (array) {
    const element = swiftType.match(/^\[(\w+)\]$/)?.[1];
    const fields = element && ctx.structs.get(element);
    if (!fields) return `field ${field} should be an array of {${array[1]}}, is ${swiftType || 'untyped'}`;
    const diff = compareSets(new Set(array[1].split(',').map((f) => f.trim())), new Set(fields.keys()));
    return diff.missing.length || diff.extra.length ? `field ${field}: ${element} has {${[...fields.keys()].join(', ')}}, messages.json says ${kind}` : null;
  }
  return `field ${field}: messages.json kind ${kind} is not one the check knows`;
}

/** The fields of Swift struct `struct` against `fields` (messages.json), as problems. */
function structProblems(ctx, what, struct, fields) {
  const wanted = Object.keys(fields);
  const swiftFields = struct === 'EmptyPayload' ? new Map() : ctx.structs.get(struct);
  if (!swiftFields) return [`${what}: struct ${struct} not found`];
  const problems = [];
  const { missing, extra } = compareSets(new Set(wanted), new Set(swiftFields.keys()));
  if (missing.length) problems.push(`${what}: ${struct} lacks ${missing.join(', ')}`);
  if (extra.length) problems.push(`${what}: ${struct} has ${extra.join(', ')}, messages.json does not`);
  for (const [field, kind] of Object.entries(fields)) {
    if (!swiftFields.has(field)) continue;
    const problem = typeProblem(ctx, field, kind, swiftFields.get(field));
    if (problem) problems.push(`${what}: ${struct} ${problem}`);
  }
  return problems;
}

/** Payload fields in messages.json (calls, events, pageConfig) against the Swift structs. */
function checkPayloads(ctx) {
  const specs = [];
  for (const [side, table] of [['call', ctx.messages.calls], ['event', ctx.messages.events]]) {
    for (const [type, spec] of Object.entries(table)) {
      specs.push({ what: `${side} ${type} payload`, struct: payloadStructName(type), fields: spec.payload ?? {} });
    }
  }
  if (ctx.messages.pageConfig) specs.push({ what: 'pageConfig', struct: 'HostConfig', fields: ctx.messages.pageConfig.fields });
  const problems = [];
  let failed = 0;
  for (const { what, struct, fields } of specs) {
    // A payload without fields needs no struct of its own (EmptyPayload serves).
    if (Object.keys(fields).length === 0 && !ctx.structs.has(struct)) continue;
    const found = structProblems(ctx, what, struct, fields);
    problems.push(...found);
    if (found.length) failed += 1;
  }
  return { problems, checked: specs.length, failed };
}

// ---------------------------------------------------------------------------------------
// Replies: what the host really hands back to the page for each call

const isNamed = (node, name) => node?.childForFieldName('name')?.text === name;

/** The `switch call.type` of the host (its entries by call type), or null. */
function callSwitch(units) {
  for (const { tree } of units) {
    for (const node of walk(tree.rootNode)) {
      if (node.type === 'switch_statement' && /\bcall\.type$/.test(fieldText(node, 'expr') ?? '')) return node;
    }
  }
  return null;
}

/** The first value argument of a call expression. */
function firstArgument(call) {
  const args = call.children.find((c) => c.type === 'call_suffix')?.children.find((c) => c.type === 'value_arguments');
  return args?.children.find((c) => c.type === 'value_argument')?.childForFieldName('value') ?? null;
}

/**
 * The Swift type of `reply.succeed(arg)`'s argument: a constructor call `T(…)`, or a name
 * bound by `case .success(let name)` in a switch over the result a completion closure
 * receives, whose type is read from the called function's `(Result<T, …>) -> Void`
 * parameter. Null when it cannot be told (reported: a reply must be checkable).
 */
function replyType(units, arg) {
  if (!arg) return null;
  if (arg.type === 'call_expression' && arg.child(0)?.type === 'simple_identifier' && /^[A-Z]/.test(arg.child(0).text)) {
    return arg.child(0).text;
  }
  if (arg.type !== 'simple_identifier') return null;
  for (let node = arg.parent; node; node = node.parent) {
    if (node.type !== 'switch_entry') continue;
    const bound = [...walk(node.children.find((c) => c.type === 'switch_pattern') ?? node)].some(
      (n) => n.type === 'simple_identifier' && n.text === arg.text && n.parent?.type === 'pattern',
    );
    const success = /^\.success\(/.test(node.children.find((c) => c.type === 'switch_pattern')?.text ?? '');
    if (!bound || !success) continue;
    // switch_entry -> switch_statement -> statements -> lambda_literal -> call_suffix -> call_expression
    let lambda = node.parent;
    while (lambda && lambda.type !== 'lambda_literal') lambda = lambda.parent;
    const call = lambda?.parent?.type === 'call_suffix' ? lambda.parent.parent : null;
    const callee = call ? calleeName(call) : null;
    for (const { tree } of units) {
      for (const fn of walk(tree.rootNode)) {
        if (fn.type !== 'function_declaration' || !isNamed(fn, callee)) continue;
        const result = fn.text.match(/\(\s*Result<\s*(\w+)\s*,/);
        if (result) return result[1];
      }
    }
    return null;
  }
  return null;
}

/**
 * The keys the reply path adds around the payload: `BridgeReply.succeed` must hand
 * `handler` an object built from the payload alone. Returns the wrapping keys (e.g.
 * ["id", "payload", "type"]) or [] when the payload goes to WebKit as is; null when the
 * reply path cannot be found.
 */
function replyWrapping(units) {
  const fnByName = new Map();
  let succeed = null;
  for (const { tree } of units) {
    for (const node of walk(tree.rootNode)) {
      if (node.type === 'class_declaration' && isNamed(node, 'BridgeReply')) {
        succeed = [...walk(node)].find((n) => n.type === 'function_declaration' && isNamed(n, 'succeed')) ?? succeed;
      }
      if (node.type === 'class_declaration' && isNamed(node, 'BridgeJSON')) {
        for (const fn of walk(node)) if (fn.type === 'function_declaration') fnByName.set(fn.childForFieldName('name').text, fn);
      }
    }
  }
  // `succeed` hands the object to WebKit directly (`handler(…)`) or through the settle-once
  // helper (`settle(…)`), which passes its arguments on unchanged.
  const handlerCall = succeed && [...walk(succeed)].find((n) => n.type === 'call_expression' && ['handler', 'settle'].includes(calleeName(n)));
  if (!handlerCall) return null;
  const keys = new Set();
  const seen = new Set();
  const visit = (node) => {
    for (const n of walk(node)) {
      if (n.type === 'dictionary_literal') {
        for (const k of n.children.filter((c) => c.type === 'line_string_literal')) keys.add(k.text.slice(1, -1));
      }
      if (n.type === 'call_expression') {
        const name = calleeName(n);
        if (fnByName.has(name) && !seen.has(name)) {
          seen.add(name);
          visit(fnByName.get(name));
        }
      }
    }
  };
  visit(firstArgument(handlerCall) ?? handlerCall);
  // Only string keys of dictionary literals count (a payload dictionary built elsewhere
  // would have its own struct).
  return [...keys].sort();
}

/** Each call's replies against messages.json, and the sign-in failure codes. */
function checkReplies(ctx) {
  const problems = [];
  const sw = callSwitch(ctx.units);
  if (!sw) return { problems: ['replies: no `switch call.type` found'], checked: 0 };
  const wrapping = replyWrapping(ctx.units);
  if (wrapping === null) problems.push('replies: BridgeReply.succeed does not call handler(…)');
  else if (wrapping.length) {
    problems.push(`replies: BridgeReply.succeed wraps every reply in {${wrapping.join(', ')}}; messages.json says the page receives the reply fields themselves (e.g. authenticate: {${Object.keys(ctx.messages.calls.authenticate?.reply ?? {}).join(', ')}})`);
  }
  let checked = 0;
  for (const entry of sw.children.filter((c) => c.type === 'switch_entry')) {
    const type = entry.children.find((c) => c.type === 'switch_pattern')?.text.match(/\.(\w+)$/)?.[1];
    const spec = type && ctx.messages.calls[type];
    if (!spec) continue;
    checked += 1;
    const succeeds = [...walk(entry)].filter((n) => n.type === 'call_expression' && calleeName(n) === 'succeed');
    if (succeeds.length === 0) problems.push(`reply of ${type}: the case never calls reply.succeed(…)`);
    for (const call of succeeds) {
      const arg = firstArgument(call);
      const struct = replyType(ctx.units, arg);
      const where = `${rel(ctx.units.find((u) => u.tree === entry.tree)?.file ?? '')}:${call.startPosition.row + 1}`;
      if (!struct) {
        problems.push(`reply of ${type} (${where}): cannot tell the type of reply.succeed(${arg?.text ?? ''})`);
        continue;
      }
      problems.push(...structProblems(ctx, `reply of ${type} (${where})`, struct, spec.reply ?? {}));
    }
  }
  const errors = Object.keys(ctx.messages.calls.authenticate?.errors ?? {});
  const codes = ctx.enums.get('SignInFailure');
  if (!codes) problems.push('replies: enum SignInFailure (the authenticate error codes) not found');
  else {
    const diff = compareSets(new Set(errors), new Set(codes));
    if (diff.missing.length || diff.extra.length) {
      problems.push(`replies: SignInFailure is {${codes.join(', ')}}, authenticate's errors in messages.json are {${errors.join(', ')}}`);
    }
  }
  return { problems, checked };
}

/**
 * The injected and evaluated JavaScript, run against stub pages: the haptic shim posts
 * `{id, type: "haptic", payload: {style}}` to the handler named in messages.json; the host
 * config sets the frozen page config; the viewport lock pins the viewport; the event
 * delivery body hands a batch of envelopes to the page function named in messages.json in
 * order and answers how many the page took.
 */
async function checkScripts(ctx) {
  const problems = [];
  const results = [];
  const expect = (what, ok, detail = '') => {
    results.push(ok);
    if (!ok) problems.push(`scripts: ${what}${detail ? ` (${detail})` : ''}`);
  };
  const { handlerName, pageEventFunction, pageConfig } = ctx.messages;
  expect('HostBridge.handlerName equals messages.json handlerName', ctx.constants.get('HostBridge.handlerName') === handlerName);
  expect('HostBridge.pageEventFunction equals messages.json pageEventFunction', ctx.constants.get('HostBridge.pageEventFunction') === pageEventFunction);
  expect('HostBridge.pageConfigGlobal equals messages.json pageConfig.global', ctx.constants.get('HostBridge.pageConfigGlobal') === pageConfig?.global);

  // Haptic shim.
  const posted = [];
  let unhandled = 0;
  const onUnhandled = () => { unhandled += 1; };
  process.on('unhandledRejection', onUnhandled);
  const page = { webkit: { messageHandlers: { [handlerName]: { postMessage: (m) => { posted.push(structuredClone(m)); return Promise.reject(new Error('stub')); } } } } };
  vm.runInNewContext(swiftScript(ctx, 'Web/PageScripts.swift', 'hapticShim'), { window: page, Promise, String });
  page.__hostHaptic('light');
  page.__hostHaptic('success');
  await new Promise((r) => setTimeout(r, 10));
  process.off('unhandledRejection', onUnhandled);
  expect('haptic shim swallows a rejected reply', unhandled === 0, `${unhandled} unhandled`);
  const want = [
    { id: -1, type: 'haptic', payload: { style: 'light' } },
    { id: -2, type: 'haptic', payload: { style: 'success' } },
  ];
  expect('haptic shim posts the haptic call envelope', JSON.stringify(posted) === JSON.stringify(want), JSON.stringify(posted));
  expect('haptic is a call in messages.json', 'haptic' in ctx.messages.calls);
  const bare = {};
  vm.runInNewContext(swiftScript(ctx, 'Web/PageScripts.swift', 'hapticShim'), { window: bare, Promise, String });
  let threw = false;
  try { bare.__hostHaptic('light'); } catch { threw = true; }
  expect('haptic shim is silent without the handler', !threw);

  // Host config: the JSON the host encodes from HostConfig, frozen on the page.
  const sample = Object.fromEntries(Object.keys(pageConfig?.fields ?? {}).map((k) => [k, `sample-${k}`]));
  const configPage = {};
  vm.runInNewContext(swiftScript(ctx, 'Web/PageScripts.swift', 'hostConfig', { configJSON: JSON.stringify(sample) }), { window: configPage, Object });
  const got = configPage[pageConfig?.global];
  expect('host config sets the page config global', JSON.stringify(got) === JSON.stringify(sample), JSON.stringify(got));
  expect('host config is frozen', got !== undefined && Object.isFrozen(got));

  // Viewport lock.
  const head = { children: [], appendChild(el) { this.children.push(el); } };
  const document = {
    head,
    documentElement: { style: {} },
    querySelector: () => null,
    createElement: (tag) => ({ tag, attrs: {}, setAttribute(k, v) { this.attrs[k] = v; } }),
  };
  vm.runInNewContext(swiftScript(ctx, 'Web/PageScripts.swift', 'lockViewport'), { document });
  const meta = head.children[0];
  expect('viewport lock adds a pinned viewport', meta?.name === 'viewport' && /user-scalable=no/.test(meta.attrs.content) && /maximum-scale=1/.test(meta.attrs.content) && /viewport-fit=cover/.test(meta.attrs.content));

  // Event delivery (callAsyncJavaScript treats the string as an async function body with
  // the arguments as parameters).
  const body = swiftScript(ctx, 'Bridge/HostBridge.swift', 'deliveryBody');
  const events = [1, 2, 3].map((id) => ({ id, type: 'dataReceived', payload: { playerID: 'p', data: String(id) } }));
  const run = (window) => vm.runInNewContext(`(async function (events) {\n${body}\n})`, { window, console: { error() {} } })(events);
  const received = [];
  expect('delivery hands every event to the page function in order and says so', (await run({ [pageEventFunction]: (e) => received.push(e.id) })) === 3 && received.join() === '1,2,3');
  expect('delivery reports a page that is not listening (nothing taken)', (await run({})) === 0);
  const partial = [];
  const leaving = { [pageEventFunction]: (e) => { partial.push(e.id); if (e.id === 2) delete leaving[pageEventFunction]; } };
  expect('delivery stops where the listener went away and says how far it got', (await run(leaving)) === 2 && partial.join() === '1,2');
  const thrown = [];
  expect('a listener that throws still took its event', (await run({ [pageEventFunction]: (e) => { thrown.push(e.id); throw new Error('page bug'); } })) === 3 && thrown.join() === '1,2,3');
  return { problems, checked: results.length, passed: results.filter(Boolean).length };
}

/** The Info.plist and entitlement keys the app needs; no code that quits the app. */
function checkProject(ctx) {
  const problems = [];
  const projectYml = read(path.join(wrapperDir, 'project.yml'));
  const signing = read(path.join(swiftRoot, 'Config', 'Signing.xcconfig'));
  const entitlementsFile = signing.match(/^BAIFANG_ENTITLEMENTS\s*=\s*(\S+)/m)?.[1];
  const entitlements = entitlementsFile && fs.existsSync(path.join(wrapperDir, entitlementsFile)) ? read(path.join(wrapperDir, entitlementsFile)) : '';
  const quits = ctx.units.flatMap(({ file, tree }) =>
    [...walk(tree.rootNode)]
      .filter((n) => n.type === 'call_expression' && ['exit', 'abort'].includes(calleeName(n)))
      .map((n) => `${rel(file)}:${n.startPosition.row + 1}`),
  );
  const wants = [
    ['iOS 15 deployment target', /deploymentTarget:\s*"15\.0"/.test(projectYml)],
    ['CADisableMinimumFrameDurationOnPhone true', /CADisableMinimumFrameDurationOnPhone:\s*true/.test(projectYml)],
    ['UIViewControllerBasedStatusBarAppearance', /UIViewControllerBasedStatusBarAppearance:\s*true/.test(projectYml)],
    ['portrait only', /UISupportedInterfaceOrientations:\s*\[UIInterfaceOrientationPortrait\]/.test(projectYml)],
    ['CFBundleShortVersionString from MARKETING_VERSION', /CFBundleShortVersionString:\s*\$\(MARKETING_VERSION\)/.test(projectYml)],
    ['CFBundleVersion from CURRENT_PROJECT_VERSION', /CFBundleVersion:\s*\$\(CURRENT_PROJECT_VERSION\)/.test(projectYml)],
    ['MARKETING_VERSION and CURRENT_PROJECT_VERSION set', /MARKETING_VERSION:\s*"\d+\.\d+(\.\d+)?"/.test(projectYml) && /CURRENT_PROJECT_VERSION:\s*"\d+"/.test(projectYml)],
    ['BaifangPublicBaseURL from BAIFANG_PUBLIC_BASE_URL', /BaifangPublicBaseURL:\s*\$\(BAIFANG_PUBLIC_BASE_URL\)/.test(projectYml) && /^BAIFANG_PUBLIC_BASE_URL\s*=/m.test(signing)],
    ['entitlements file from BAIFANG_ENTITLEMENTS', /CODE_SIGN_ENTITLEMENTS:\s*\$\(BAIFANG_ENTITLEMENTS\)/.test(projectYml)],
    ['Game Center entitlement in the default entitlements', /<key>com\.apple\.developer\.game-center<\/key>\s*<true\/>/.test(entitlements)],
    ['a free-team entitlements file without Game Center', fs.existsSync(path.join(swiftRoot, 'NoGameCenter.entitlements')) && !/game-center/.test(read(path.join(swiftRoot, 'NoGameCenter.entitlements')).replace(/<!--[\s\S]*?-->/g, ''))],
  ];
  for (const [what, ok] of wants) if (!ok) problems.push(`project: ${what} not found`);
  if (quits.length) problems.push(`project: the app quits itself (exit/abort) at ${quits.join(', ')}; it must stay open`);
  return { problems, checked: wants.length + 1 };
}

// ---------------------------------------------------------------------------------------
// Run-time rules: faults a names-and-shapes check cannot see, each read from the syntax
// tree as the one shape that avoids it. Each has a deliberately broken fixture.

/** Function declarations named `name` inside the type `typeName` (any unit). */
function functionsIn(ctx, typeName, name) {
  const out = [];
  for (const { file, tree } of ctx.units) {
    for (const node of walk(tree.rootNode)) {
      if (node.type !== 'class_declaration' || !isNamed(node, typeName)) continue;
      for (const fn of walk(node)) if (fn.type === 'function_declaration' && (!name || isNamed(fn, name))) out.push({ file, fn });
    }
  }
  return out;
}

const where = (file, node) => `${rel(file)}:${node.startPosition.row + 1}`;
const nodesOf = (node, type) => [...walk(node)].filter((n) => n.type === type);
/** The condition of an `if` or `guard` as written (the grammar's condition field holds only its first part). */
const condText = (n) => (n.type === 'guard_statement' ? n.text.replace(/^guard\b/, '').split(/\belse\s*\{/)[0] : n.text.replace(/^if\b/, '').split('{')[0]).replace(/\s+/g, ' ').trim();

function checkRuntime(ctx) {
  const problems = [];
  const rules = [];
  const rule = (name, fn) => {
    rules.push(name);
    const found = fn();
    for (const p of found) problems.push(`runtime: ${name}: ${p}`);
  };

  // R1: WebKit raises NSInternalInconsistencyException on a reply handler's second call.
  rule('reply settles once', () => {
    const out = [];
    const callers = functionsIn(ctx, 'BridgeReply').filter(({ fn }) => nodesOf(fn, 'call_expression').some((c) => calleeName(c) === 'handler'));
    if (callers.length === 0) out.push('BridgeReply never calls its handler');
    for (const { file, fn } of callers) {
      const clears = nodesOf(fn, 'assignment').some((a) => /^(self\.)?handler\s*=\s*nil$/.test(a.text.replace(/\s+/g, ' ')));
      const guarded = nodesOf(fn, 'guard_statement').some((g) => /\bhandler\b/.test(condText(g)));
      if (!clears || !guarded) out.push(`a reply can be settled twice: ${where(file, fn)} calls handler without clearing it (handler = nil) behind a guard`);
    }
    // No call may answer around the object: the raw handler is called nowhere else.
    for (const { file, fn } of functionsIn(ctx, 'HostBridge')) {
      for (const c of nodesOf(fn, 'call_expression')) {
        if (calleeName(c) === 'replyHandler') out.push(`a reply can be settled twice: ${where(file, c)} calls replyHandler directly, not through BridgeReply`);
      }
    }
    return out;
  });

  // R2: the completion also runs when the player backs out of one activity, sheet open.
  rule('share settles when the sheet is gone', () => {
    const out = [];
    const fns = functionsIn(ctx, 'ShareService', 'share');
    const assigns = fns.flatMap(({ file, fn }) => nodesOf(fn, 'assignment').filter((a) => /completionWithItemsHandler\s*=/.test(a.text)).map((a) => ({ file, a })));
    if (assigns.length === 0) out.push('no completionWithItemsHandler in ShareService.share');
    for (const { file, a } of assigns) {
      const lambda = nodesOf(a, 'lambda_literal')[0];
      const params = lambda ? nodesOf(lambda, 'lambda_parameter').map((p) => p.text.trim()) : [];
      const [activity, completed] = params;
      const ok = activity && completed && nodesOf(lambda, 'guard_statement').concat(nodesOf(lambda, 'if_statement')).some((g) => {
        const cond = condText(g);
        return cond.includes(completed) && new RegExp(`\\b${activity}\\s*==\\s*nil`).test(cond);
      });
      if (!ok) out.push(`a share completion deletes before dismissal: ${where(file, a)} settles (and removes the file) on every completion, not only when completed or dismissed with no activity`);
    }
    return out;
  });

  // R3: GameKit calls the authenticate handler again on every return to the foreground.
  rule('refusal alert once', () => {
    const out = [];
    let seen = 0;
    for (const { file, fn } of functionsIn(ctx, 'GameCenterService')) {
      for (const c of nodesOf(fn, 'call_expression').filter((c) => /onRefusedAtLaunch/.test(c.child(0)?.text ?? ''))) {
        seen++;
        let ifNode = c.parent;
        while (ifNode && ifNode.type !== 'if_statement' && ifNode !== fn) ifNode = ifNode.parent;
        const cond = ifNode?.type === 'if_statement' ? condText(ifNode) : '';
        const flags = [...cond.matchAll(/\b([a-zA-Z_]\w*)\b/g)].map((m) => m[1]);
        const resets = ifNode?.type === 'if_statement' && nodesOf(ifNode, 'assignment').some((a) => {
          const m = a.text.match(/^(?:self\.)?(\w+)\s*=\s*(true|false)$/);
          return m && flags.includes(m[1]);
        });
        if (!resets) out.push(`an authenticate handler that presents the alert on every call: ${where(file, c)} is not behind a flag the same branch turns off`);
      }
    }
    if (seen === 0) out.push('GameCenterService never shows the refusal alert');
    return out;
  });

  // R5: a result of a sheet the page cancelled or replaced must not start a match.
  rule('stale matchmaker results dropped', () => {
    const out = [];
    for (const { file, fn } of functionsIn(ctx, 'MatchmakingService')) {
      const params = nodesOf(fn, 'parameter').filter((p) => /GKMatchmakerViewController/.test(p.text));
      const starts = nodesOf(fn, 'call_expression').filter((c) => calleeName(c) === 'start' && /session/.test(c.child(0)?.text ?? ''));
      if (params.length === 0 || starts.length === 0) continue;
      const names = params.map((p) => p.childForFieldName('name')?.text ?? p.text.split(':')[0].trim().split(/\s+/).pop());
      const checked = nodesOf(fn, 'guard_statement').some((g) => {
        const cond = condText(g);
        return g.startIndex < starts[0].startIndex && names.some((n) => new RegExp(`matchmakerSheet\\s*===\\s*${n}\\b|\\b${n}\\s*===\\s*(self\\.)?matchmakerSheet`).test(cond)) && /disconnect\(\)/.test(g.text);
      });
      if (!checked) out.push(`a matchmaker result not checked against the current sheet: ${where(file, fn)} starts a match without guarding matchmakerSheet === sheet (else disconnect)`);
    }
    return out;
  });

  // R7: events pile up without bound while the page has no listener.
  rule('bounded event queue', () => {
    const out = [];
    const emits = functionsIn(ctx, 'HostBridge', 'emit');
    if (emits.length === 0) out.push('HostBridge has no emit');
    for (const { file, fn } of emits) {
      const text = fn.text;
      const bounded = /if\s+undelivered\.count\s*>\s*[\w.]+/.test(text) && /undelivered\.removeFirst\(/.test(text);
      const coalesced = /undelivered\.removeAll\s*\{[^}]*coalescingKind/.test(text);
      if (!bounded || !coalesced) out.push(`an unbounded event queue: ${where(file, fn)} appends without ${bounded ? '' : 'a bound (undelivered.count > max, removeFirst)'}${!bounded && !coalesced ? ' and ' : ''}${coalesced ? '' : 'coalescing lifecycle/network events'}`);
    }
    return out;
  });

  // Friend matches: the default mode lets an invite fall into automatch with a stranger.
  rule('friend matches invite-only', () => {
    const out = [];
    let sheets = 0;
    for (const { file, fn } of functionsIn(ctx, 'MatchmakingService')) {
      for (const c of nodesOf(fn, 'call_expression').filter((c) => c.child(0)?.text === 'GKMatchmakerViewController' && /matchRequest:/.test(c.text))) {
        sheets++;
        if (!/\.matchmakingMode\s*=\s*\.inviteOnly/.test(fn.text)) out.push(`matchmakingMode not invite-only for friend matches: the sheet made at ${where(file, c)} keeps the default mode`);
      }
    }
    if (sheets === 0) out.push('no friend-match sheet found in MatchmakingService');
    return out;
  });

  return { problems, checked: rules.length };
}

// ---------------------------------------------------------------------------------------
// Context: the parsed sources and what the checks read from them

function buildContext(units, messages) {
  return {
    units,
    messages,
    enums: swiftEnums(units),
    enumCases: swiftEnumCases(units),
    structs: swiftStructs(units),
    constants: swiftStaticStrings(units),
  };
}

/** The real sources with each file of `overlayDir` (same relative path) put in its place. */
function overlaidUnits(units, overlayDir) {
  const replaced = new Map();
  for (const file of listSwiftFiles(overlayDir)) {
    replaced.set(path.join(swiftRoot, 'Sources', path.relative(overlayDir, file)), file);
  }
  for (const target of replaced.keys()) {
    if (!units.some((u) => u.file === target)) throw new Error(`fixture ${rel(overlayDir)}: ${rel(target)} does not exist to be replaced`);
  }
  return units.map((u) => {
    const fixture = replaced.get(u.file);
    if (!fixture) return u;
    const source = read(fixture);
    const tree = parser.parse(source);
    return { file: u.file, source, tree, errors: syntaxErrors(tree) };
  });
}

// ---------------------------------------------------------------------------------------
// Self-test: the checks must be able to fail (a checker that passes anything is useless).

const fixturesDir = path.join(here, 'fixtures');

function selfTest(units, messages) {
  const broken = parser.parse('func f( {\n  let x = \n}\n');
  if (syntaxErrors(broken).length === 0) throw new Error('self-test: a broken Swift snippet parsed cleanly');
  const unit = (source) => ({ file: path.join(swiftRoot, 'SelfTest.swift'), source, tree: parser.parse(source), errors: [] });
  const units0 = [unit(`
    enum BridgeCall: String { case a, b = "bee" }
    enum BridgeEvent: String { case e }
    struct APayload { let x: Double; static let y = 1; var z: Int { 1 } }
    func h() { switch call.type { case .a: emit(.e, P()); default: break } }
  `)];
  const enums = swiftEnums(units0);
  const calls = enums.get('BridgeCall') ?? [];
  if (calls.join() !== 'a,bee') throw new Error(`self-test: enum raw values read as ${calls}`);
  const fields = [...(swiftStructs(units0).get('APayload')?.keys() ?? [])];
  if (fields.join() !== 'x') throw new Error(`self-test: struct fields read as ${fields}`);
  const handled = swiftHandledAndEmitted({ units: units0 });
  if (![...handled.calls].includes('a') || !handled.events.has('e') || !handled.problems.some((p) => p.includes('default'))) {
    throw new Error('self-test: handled/emitted extraction or the default-case rule is broken');
  }
  const contract = checkContract([
    { name: 'ref', calls: new Set(['a', 'b']), events: new Set(['e']) },
    { name: 'other', calls: new Set(['a', 'c']), events: null },
  ]);
  if (contract.problems.length !== 2) throw new Error('self-test: contract mismatches not reported');

  // Deliberately broken copies of real files: each must fail with its named problem.
  const outcomes = [];
  const dirs = fs.existsSync(fixturesDir) ? fs.readdirSync(fixturesDir, { withFileTypes: true }).filter((d) => d.isDirectory()) : [];
  if (dirs.length === 0) throw new Error(`self-test: no fixtures under ${rel(fixturesDir)}`);
  for (const dir of dirs) {
    const fixtureDir = path.join(fixturesDir, dir.name);
    const spec = JSON.parse(read(path.join(fixtureDir, 'fixture.json')));
    const ctx = buildContext(overlaidUnits(units, path.join(fixtureDir, 'Sources')), messages);
    const problems = [...checkPayloads(ctx).problems, ...checkReplies(ctx).problems, ...checkProject(ctx).problems, ...checkRuntime(ctx).problems];
    const hit = problems.find((p) => p.includes(spec.expect));
    if (!hit) {
      throw new Error(`self-test: fixture ${dir.name} (${spec.doc}) was not caught; expected a problem containing "${spec.expect}", got: ${problems.join(' | ') || 'none'}`);
    }
    outcomes.push(`fixture ${dir.name}: fails as it must: ${hit}`);
  }
  return outcomes;
}

// ---------------------------------------------------------------------------------------

async function main(argv) {
  const extraSources = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--types' && argv[i + 1]) extraSources.push(jsonTypesFile(path.resolve(argv[++i])));
    else throw new Error(`unknown argument ${argv[i]} (usage: check-swift.mjs [--types file.json ...])`);
  }
  const files = listSwiftFiles(swiftRoot);
  const units = parseSwiftSources(files);
  const messages = JSON.parse(read(messagesPath));
  for (const line of selfTest(units, messages)) console.log(`self-test: ${line}`);
  const ctx = buildContext(units, messages);

  let failed = false;
  const syntaxErrorCount = units.reduce((n, u) => n + u.errors.length, 0);
  for (const { file, errors } of units) {
    for (const e of errors) console.log(`${rel(file)}:${e.line}:${e.column}: syntax: ${e.kind} ${JSON.stringify(e.text)}`);
  }
  if (files.length === 0) {
    console.log(`no Swift files under ${rel(swiftRoot)}`);
    failed = true;
  }
  failed ||= syntaxErrorCount > 0;

  const sources = [...SOURCES, ...extraSources].map((source) => source(ctx));
  const contract = checkContract(sources);
  const mock = sources.find((x) => x.replies);
  for (const [type, pending] of mock?.replies ?? []) {
    const reply = await pending;
    const want = Object.keys(ctx.messages.calls[type].reply ?? {}).sort().join(', ');
    const got = reply && typeof reply === 'object' ? Object.keys(reply).sort().join(', ') : String(reply);
    if (want !== got) contract.problems.push(`${mock.name}: reply of ${type} is {${got}}, messages.json says {${want}}`);
  }
  const payloads = checkPayloads(ctx);
  const replies = checkReplies(ctx);
  const scripts = await checkScripts(ctx);
  const project = checkProject(ctx);
  const runtime = checkRuntime(ctx);
  const problems = [...contract.problems, ...payloads.problems, ...replies.problems, ...scripts.problems, ...project.problems, ...runtime.problems];
  for (const p of problems) console.log(p);
  failed ||= problems.length > 0;

  console.log(
    `swift: ${files.length} files parsed, ${syntaxErrorCount} errors; ` +
      `bridge contract: calls ${contract.text.calls}, events ${contract.text.events} ` +
      `(${sources.length - 1} sources vs messages.json); ` +
      `payloads: ${payloads.checked - payloads.failed}/${payloads.checked}; ` +
      `replies: ${replies.checked} calls${replies.problems.length ? `, ${replies.problems.length} problems` : ' as messages.json says'}; ` +
      `scripts: ${scripts.passed}/${scripts.checked}; ` +
      `project keys: ${project.checked - project.problems.length}/${project.checked}; ` +
      `run-time rules: ${runtime.checked - new Set(runtime.problems.map((p) => p.split(':')[1])).size}/${runtime.checked}` +
      (failed ? ' — FAILED' : ''),
  );
  return failed ? 1 : 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(`check-swift: ${error.message}`);
  process.exitCode = 2;
}
